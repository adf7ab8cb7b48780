/**
 * One REST checkpoint's figures (every field CheckpointStatistics has), its per-task figures when
 * `…/checkpoints/details/:id` was pasted (TaskCheckpointStatistics), and the checkpoint
 * configuration when `…/checkpoints/config` was. What REST does not say is named, not invented.
 */
import { useT, type Translate } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import type { RestCheckpoint, RestCheckpointConfig } from '../../inspector/rest/restCheckpoints';
import { formatBytes } from '../format';

const UTC = (ms: number) => (ms < 0 ? '–' : `${new Date(ms).toISOString().replace('T', ' ').slice(0, 23)} UTC`);
const bytes = (n: number | undefined) => (n === undefined ? '–' : formatBytes(n));

export function restTypeLabel(t: Translate, c: RestCheckpoint): string {
  return t(`restType_${c.checkpoint_type}` as MessageKey);
}

export function RestCheckpointDetail({ c, hasDetails }: { c: RestCheckpoint; hasDetails: boolean }) {
  const t = useT();
  const tasks = Object.entries(c.tasks ?? {});
  const fields: [string, string][] = [
    ['status', c.status],
    ['checkpoint_type', `${c.checkpoint_type} (${restTypeLabel(t, c)})`],
    [t('restUnaligned'), c.checkpoint_type === 'UNALIGNED_CHECKPOINT' ? t('restYes') : t('restNo')],
    ['is_savepoint', String(c.is_savepoint)],
    ...(c.savepointFormat ? ([['savepointFormat', c.savepointFormat]] as [string, string][]) : []),
    ['trigger_timestamp', UTC(c.trigger_timestamp)],
    ['latest_ack_timestamp', UTC(c.latest_ack_timestamp)],
    ['end_to_end_duration', `${c.end_to_end_duration} ms`],
    ['checkpointed_size', bytes(c.checkpointed_size)],
    ['state_size', formatBytes(c.state_size)],
    ['processed_data', bytes(c.processed_data)],
    ['persisted_data', bytes(c.persisted_data)],
    ['alignment_buffered', bytes(c.alignment_buffered)],
    ['num_acknowledged_subtasks', `${c.num_acknowledged_subtasks}/${c.num_subtasks}`],
    ...(c.external_path ? ([['external_path', c.external_path]] as [string, string][]) : []),
    ...(c.discarded !== undefined ? ([['discarded', String(c.discarded)]] as [string, string][]) : []),
    ...(c.failure_timestamp !== undefined ? ([['failure_timestamp', UTC(c.failure_timestamp)]] as [string, string][]) : []),
    ...(c.failure_message ? ([['failure_message', c.failure_message]] as [string, string][]) : []),
  ];
  return (
    <div data-testid={`rest-detail-${c.id}`}>
      <h4>
        {c.is_savepoint ? t('tlSavepoint') : t('tlCheckpoint')} {c.id}
      </h4>
      <dl className="rest-fields">
        {fields.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h4>{t('restTasks', { id: c.id })}</h4>
      {hasDetails && tasks.length > 0 ? (
        <div className="ins-table-scroll">
          <table className="state-table" data-testid="rest-tasks">
            <thead>
              <tr>
                <th>{t('restColVertex')}</th>
                <th>{t('status')}</th>
                <th className="num">{t('acks')}</th>
                <th>{t('restColLatestAck')}</th>
                <th className="num">{t('duration')}</th>
                <th className="num" title="checkpointed_size">{t('checkpointedSize')}</th>
                <th className="num" title="state_size">{t('stateSize')}</th>
                <th className="num">{t('restColData')}</th>
              </tr>
            </thead>
            <tbody>
              {tasks.map(([vertex, s]) => (
                <tr key={vertex}>
                  <td><code>{vertex}</code></td>
                  <td>{s.status}</td>
                  <td className="num">{s.num_acknowledged_subtasks}/{s.num_subtasks}</td>
                  <td>{UTC(s.latest_ack_timestamp).slice(11)}</td>
                  <td className="num">{s.end_to_end_duration} ms</td>
                  <td className="num">{bytes(s.checkpointed_size)}</td>
                  <td className="num">{formatBytes(s.state_size)}</td>
                  <td className="num">{bytes(s.processed_data)} / {bytes(s.persisted_data)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="note" data-testid="rest-tasks-none">{t('restTasksNone', { id: c.id })}</p>
      )}
    </div>
  );
}

export function RestConfig({ config }: { config: RestCheckpointConfig | null }) {
  const t = useT();
  if (!config) return <p className="note">{t('restConfigNone')}</p>;
  const rows: [string, string][] = [
    ['mode', config.mode],
    ['interval', `${config.interval} ms`],
    ['timeout', `${config.timeout} ms`],
    ...(config.min_pause !== undefined ? ([['min_pause', `${config.min_pause} ms`]] as [string, string][]) : []),
    ...(config.max_concurrent !== undefined ? ([['max_concurrent', String(config.max_concurrent)]] as [string, string][]) : []),
    ...(config.unaligned_checkpoints !== undefined ? ([['unaligned_checkpoints', String(config.unaligned_checkpoints)]] as [string, string][]) : []),
    ...(config.aligned_checkpoint_timeout !== undefined ? ([['aligned_checkpoint_timeout', `${config.aligned_checkpoint_timeout} ms`]] as [string, string][]) : []),
    ...(config.tolerable_failed_checkpoints !== undefined ? ([['tolerable_failed_checkpoints', String(config.tolerable_failed_checkpoints)]] as [string, string][]) : []),
    ...(config.state_backend ? ([['state_backend', config.state_backend]] as [string, string][]) : []),
    ...(config.checkpoint_storage ? ([['checkpoint_storage', config.checkpoint_storage]] as [string, string][]) : []),
    ...(config.changelog_storage ? ([['changelog_storage', config.changelog_storage]] as [string, string][]) : []),
    ...(config.externalization ? ([['externalization', `enabled=${config.externalization.enabled}, delete_on_cancellation=${config.externalization.delete_on_cancellation}`]] as [string, string][]) : []),
  ];
  return (
    <dl className="rest-fields" data-testid="rest-config">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
