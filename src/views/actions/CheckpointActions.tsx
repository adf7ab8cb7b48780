/**
 * The "Checkpoints" group: trigger a checkpoint or a savepoint (canonical or native), emit a record, and the state
 * backend's own work on a chosen keyed task: flush (RocksDB), compaction of chosen SST files
 * (RocksDB `CompactFiles`) and materialization (changelog backend).
 */
import { useState, type KeyboardEvent } from 'react';
import type { EngineState, UserAction } from '../../engine';
import { useT } from '../../i18n/useT';
import { formatBytes } from '../format';
import { TaskSelect } from './TaskSelect';
import { ActionButton } from './ActionButton';
import {
  keyedTasks,
  pick,
  sstChoices,
  usesChangelog,
  usesRocksDb,
  type SstChoice,
} from './actionModel';

const INJECTED_KEY = 'k0';
const INJECTED_VALUE = 100;

/** Space toggles a checkbox; the global shortcut (play/pause) must not take it. */
function keepSpace(e: KeyboardEvent): void {
  if (e.key === ' ') e.stopPropagation();
}

/** `bin/flink savepoint --type canonical|native` (Flink's `SavepointFormatType`). */
type SavepointFormat = 'canonical' | 'native';

interface Props {
  state: EngineState;
  selectedTask: string | null;
  run: (action: UserAction) => void;
}

export function CheckpointActions({ state, selectedTask, run }: Props) {
  const t = useT();
  const [taskChoice, setTaskChoice] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [format, setFormat] = useState<SavepointFormat>('canonical');
  const tasks = keyedTasks(state);
  const task = pick(tasks, taskChoice, selectedTask);
  const rocks = usesRocksDb(state);
  const ssts = rocks && task ? sstChoices(state, task) : [];
  const live = chosen.filter((n) => ssts.some((s) => s.fileNumber === n));
  const chosenCf = ssts.find((s) => s.fileNumber === live[0])?.columnFamily ?? null;

  const flushReason = rocks ? null : t('actNeedsRocks');
  const compactReason = !rocks
    ? t('actNeedsRocks')
    : ssts.length === 0
      ? t('actNoSsts', { task })
      : null;
  const materializeReason = usesChangelog(state) ? null : t('actNeedsChangelog');
  const pickerOpen = picking && compactReason === null;

  const toggle = (n: number) =>
    setChosen(live.includes(n) ? live.filter((x) => x !== n) : [...live, n]);
  const compact = () => {
    run({ do: 'compact', task, files: [...live].sort((a, b) => a - b) });
    setChosen([]);
    setPicking(false);
  };
  const byCf = new Map<string, SstChoice[]>();
  for (const s of ssts) byCf.set(s.columnFamily, [...(byCf.get(s.columnFamily) ?? []), s]);

  return (
    <>
      <div className="act-row">
        <ActionButton
          testId="trigger-checkpoint"
          title={t('actCheckpointTitle')}
          disabledReason={null}
          onClick={() => run({ do: 'checkpoint' })}
        >
          {t('actCheckpoint')}
        </ActionButton>
        <ActionButton
          testId="trigger-savepoint"
          title={t(format === 'native' ? 'actSavepointNativeTitle' : 'actSavepointTitle')}
          disabledReason={null}
          onClick={() => run(format === 'native' ? { do: 'savepoint', format } : { do: 'savepoint' })}
        >
          {t('actSavepoint')}
        </ActionButton>
        <label className="act-field" title={t('actSavepointFormatTitle')}>
          {t('actSavepointFormat')}
          <select
            value={format}
            onChange={(e) => setFormat(e.target.value as SavepointFormat)}
            data-testid="savepoint-format"
          >
            <option value="canonical">{t('actFormatCanonical')}</option>
            <option value="native">{t('actFormatNative')}</option>
          </select>
        </label>
        <ActionButton
          testId="inject-record"
          title={t('actEmitTitle', { key: INJECTED_KEY, value: INJECTED_VALUE })}
          disabledReason={null}
          onClick={() =>
            run({ do: 'emit', records: [{ key: INJECTED_KEY, value: INJECTED_VALUE }] })
          }
        >
          {t('actEmit', { key: INJECTED_KEY, value: INJECTED_VALUE })}
        </ActionButton>
      </div>
      {format === 'native' && (
        <p className="act-hint" data-testid="savepoint-format-note">
          {t(rocks ? 'actNativeNoteRocks' : 'actNativeNoteHeap')}
          {usesChangelog(state) ? ` ${t('actNativeNoteChangelog')}` : ''}
        </p>
      )}
      <div className="act-row">
        <TaskSelect tasks={tasks} value={task} onChange={setTaskChoice} testId="backend-task" />
        <ActionButton
          testId="action-flush"
          title={t('actFlushTitle', { task })}
          disabledReason={flushReason}
          onClick={() => run({ do: 'flush', task })}
        >
          {t('actFlush')}
        </ActionButton>
        <ActionButton
          testId="action-compact"
          className={pickerOpen ? 'act-open' : undefined}
          title={t('actCompactTitle', { task })}
          disabledReason={compactReason}
          onClick={() => setPicking((p) => !p)}
        >
          {t('actCompact')}
        </ActionButton>
        <ActionButton
          testId="action-materialize"
          title={t('actMaterializeTitle', { task })}
          disabledReason={materializeReason}
          onClick={() => run({ do: 'materialize', task })}
        >
          {t('actMaterialize')}
        </ActionButton>
      </div>
      {pickerOpen && (
        <fieldset className="act-picker" data-testid="compact-picker" onKeyDown={keepSpace}>
          <legend>{t('actCompactLegend', { task })}</legend>
          {[...byCf].map(([cf, files]) => (
            <div key={cf} className="act-cf">
              {byCf.size > 1 && <span className="act-cf-name mono">{cf}</span>}
              {files.map((f) => {
                const otherCf = chosenCf !== null && chosenCf !== cf;
                return (
                  <label
                    key={f.fileNumber}
                    className="act-sst"
                    title={
                      otherCf ? t('actCompactOtherCf') : `L${f.level} · ${formatBytes(f.sizeBytes)}`
                    }
                  >
                    <input
                      type="checkbox"
                      checked={live.includes(f.fileNumber)}
                      disabled={otherCf}
                      onChange={() => toggle(f.fileNumber)}
                      data-testid={`compact-sst-${f.fileNumber}`}
                    />
                    <b>{f.fileNumber}</b>
                    <small>L{f.level}</small>
                  </label>
                );
              })}
            </div>
          ))}
          <p className="act-hint">{t('actCompactHint')}</p>
          <div className="act-row">
            <ActionButton
              testId="compact-run"
              title={t('actCompactTitle', { task })}
              disabledReason={live.length === 0 ? t('actCompactLegend', { task }) : null}
              onClick={compact}
            >
              {t('actCompactRun', { n: live.length })}
            </ActionButton>
            <button type="button" onClick={() => setPicking(false)}>
              {t('actCancel')}
            </button>
          </div>
        </fieldset>
      )}
    </>
  );
}
