/**
 * The changelog state backend of the selected keyed subtask, shown under its nested state table
 * (which it wraps): what the wrapping means, the DSTL tape, the materialization and upload
 * status, and where the simulation simplifies.
 */
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import { DstlTape } from './DstlTape';
import { MaterializationStatus } from './MaterializationStatus';
import { useViewState } from '../panelPace';
import './changelog.css';
import { TermText } from '../glossary/Term';

export function ChangelogSection({ task }: { task: string }) {
  const t = useT();
  const state = useViewState();
  const keyed = state.job.keyed[task];
  const cl = keyed?.changelog;
  if (!keyed || !cl) return null;
  return (
    // A fragment, so the tape's sticky part is a direct child of the scrolling panel (see DstlTape).
    <>
      <h3 className="cl-heading" data-testid="changelog-section">
        <TermText text={t('clTitle')} />
      </h3>
      <p className="muted small">
        {t('clWrapNote', { backend: keyed.backend.type === 'rocksdb' ? 'RocksDB' : 'HashMap' })}
      </p>
      <DstlTape task={task} cl={cl} coordinator={state.coordinator} />
      <MaterializationStatus task={task} cl={cl} state={state} />
      <p className="note">
        {t('clSimplification', {
          threshold: formatBytes(state.scenario.stateBackend.changelog.persistSizeThresholdBytes),
        })}
      </p>
    </>
  );
}
