/** The header's way into the scenario dialog; it also shows which scenario is running. */
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { selectLang } from '../../store/selectors';
import { shownTitle } from './builtInTitles';
import './scenarioDialog.css';

export function ScenarioButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  const written = useAppStore((s) => s.scenario.title);
  const lang = useAppStore(selectLang);
  // The "edited" mark stays visible when a long title is cut (useScenarioDraft's markEdited); an
  // edited built-in scenario still shows its title in the UI's language.
  const mark = / \(edited\)$|（已修改）$/.exec(written)?.[0] ?? '';
  const base = shownTitle(written.slice(0, written.length - mark.length), lang, t);
  const title = base + mark;
  return (
    <button
      type="button"
      className="scenario-button"
      onClick={onClick}
      data-testid="config-button"
      title={`${t('ioDialogTitle')}: ${title}${title !== written ? ` (${t('clsTitleOriginal', { title: written })})` : ''}`}
    >
      <span aria-hidden="true">⚙</span> {t('configuration')}
      <span className="scenario-title-chip" data-testid="scenario-title">
        <span className="scenario-title-text">{base}</span>
        {mark && <span className="scenario-title-mark">{mark}</span>}
      </span>
    </button>
  );
}
