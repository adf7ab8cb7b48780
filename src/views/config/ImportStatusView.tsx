/**
 * How an import went (the dialog's import section, a file dropped on the page): reading, loaded,
 * refused with every problem, or a Flink `_metadata` recognized, told plainly.
 */
import { useT } from '../../i18n/useT';
import { useAppStore } from '../../store/appStore';
import { ProblemList } from './ProblemList';
import type { ImportStatus } from './useScenarioImport';
import './importStatus.css';

export function ImportStatusView({ status }: { status: ImportStatus }) {
  const t = useT();
  // A loaded run streams in from the recording worker: count its steps as they come.
  const recording = useAppStore((s) => s.recording !== null);
  const recorded = useAppStore((s) => s.recorded);
  return (
    <div className="io-status" role="status" data-testid="io-status">
      {status?.kind === 'reading' && t('ioReading', { source: status.source })}
      {status?.kind === 'loaded' && (
        <span className="io-ok">
          {recording
            ? t('ioLoadedRecording', { title: status.title, source: status.source, steps: recorded })
            : t('ioLoaded', { title: status.title, source: status.source, steps: status.steps })}
          {status.notes.map((n) => (
            <span key={n.path} className="io-migrated" data-testid="io-migrated">
              {' '}
              {t('ioMigratedField', { field: n.path, from: n.from, to: n.to.path, value: n.to.value })}
            </span>
          ))}
        </span>
      )}
      {status?.kind === 'refused' && (
        <div className="io-refused">
          <strong>{t('ioRefused', { source: status.source })}</strong>
          <ProblemList problems={status.problems} testId="io-problems" />
        </div>
      )}
      {status?.kind === 'flinkMetadata' && (
        <div className="io-flink-metadata" data-testid="io-flink-metadata">
          <strong>{status.info.checkpointLab ? t('hlpLabMetadataTitle') : t('hlpFlinkMetadataTitle')}</strong>
          <p>
            {status.info.checkpointLab
              ? t('hlpLabMetadataBody', { name: status.source })
              : t('hlpFlinkMetadataBody', {
                  name: status.source,
                  version: status.info.version,
                  checkpoint: status.info.checkpointId === null ? '' : t('hlpFlinkMetadataCheckpoint', { id: status.info.checkpointId }),
                })}
          </p>
          <p>{t('hlpFlinkMetadataCannot')}</p>
          <p>{t('hlpFlinkMetadataInspector')}</p>
        </div>
      )}
    </div>
  );
}
