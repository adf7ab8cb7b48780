/** The header's way into the scenario dialog; it also shows which scenario is running. */
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import './scenarioDialog.css';

export function ScenarioButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  const title = useAppStore((s) => s.scenario.title);
  return (
    <button
      type="button"
      className="scenario-button"
      onClick={onClick}
      data-testid="config-button"
      title={`${t('ioDialogTitle')}: ${title}`}
    >
      <span aria-hidden="true">⚙</span> {t('configuration')}
      <span className="scenario-title-chip" data-testid="scenario-title">
        {title}
      </span>
    </button>
  );
}
