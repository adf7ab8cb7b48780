/**
 * Every setting of the scenario format the configuration form edits, in the order it shows
 * them: the field path in the document, the Flink key it models (null for the teaching
 * engine's own settings), Flink's real default, and whether this run's value is a teaching
 * value (sizes scaled down, times compressed). The script is edited as JSON (import), not here.
 * A test checks that every setting of the schema has a field.
 */
import { STATE_BACKEND_FIELDS } from './stateBackendFields';
import {
  always,
  at,
  cp,
  f,
  generatorSource,
  positive,
  type ConfigField,
  type Draft,
  type FieldGroup,
} from './configFieldKit';

export type {
  ConfigField,
  Draft,
  FieldGroup,
  FieldInput,
  FieldPath,
  FieldUnit,
} from './configFieldKit';

/** The fixed fields (operators are added per operator by operatorFields). */
export const CONFIG_FIELDS: readonly ConfigField[] = [
  f(['title'], {
    group: 'scenario',
    input: 'text',
    flinkKey: null,
    label: 'cfgTitle',
    flinkDefault: null,
  }),
  f(['seed'], {
    group: 'scenario',
    input: 'int',
    flinkKey: null,
    label: 'cfgSeed',
    flinkDefault: null,
  }),
  f(['untilMs'], {
    group: 'scenario',
    input: 'int',
    unit: 'ms',
    flinkKey: null,
    label: 'cfgUntil',
    flinkDefault: null,
  }),

  f(['job', 'parallelism'], {
    group: 'job',
    input: 'int',
    flinkKey: 'parallelism.default',
    label: 'cfgParallelism',
    flinkDefault: '1',
  }),
  f(['job', 'maxParallelism'], {
    group: 'job',
    input: 'optionalInt',
    flinkKey: 'pipeline.max-parallelism',
    label: 'cfgMaxParallelism',
    flinkDefault: 'min(max(roundUpToPowerOfTwo(p + p/2), 128), 32768)',
  }),
  f(['job', 'slotsPerTaskManager'], {
    group: 'job',
    input: 'int',
    flinkKey: 'taskmanager.numberOfTaskSlots',
    label: 'cfgSlots',
    flinkDefault: '1',
  }),
  f(['job', 'channelCapacity'], {
    group: 'job',
    input: 'int',
    flinkKey: 'taskmanager.network.memory.buffers-per-channel',
    label: 'cfgChannelCapacity',
    flinkDefault: '2 (+ 8 floating per gate), 32 KB each',
  }),
  f(['job', 'network', 'recordsPerBuffer'], {
    group: 'job',
    input: 'optionalInt',
    flinkKey: 'taskmanager.memory.segment-size',
    label: 'cfgRecordsPerBuffer',
    flinkDefault: '32 KB per buffer',
    note: { when: (v) => typeof v === 'number' && v > 1, text: 'cfgRecordsPerBufferNote' },
  }),
  f(['job', 'sink', 'kind'], {
    group: 'job',
    input: 'enum',
    options: ['transactional', 'plain'],
    flinkKey: null,
    label: 'cfgSink',
    flinkDefault: null,
  }),

  // Operator state beyond the source's split list (seed 001's three redistribution modes on rescale).
  f(['job', 'operatorState', 'sourceOffsets'], {
    group: 'job',
    input: 'enum',
    // '—' (not set): the source's own list state, as when the field is absent.
    options: ['', 'list', 'union'],
    flinkKey: null,
    label: 'cfgSourceOffsets',
    flinkDefault: null,
  }),
  f(['job', 'operatorState', 'broadcastRules', 'everyRecords'], {
    group: 'job',
    input: 'optionalInt',
    flinkKey: null,
    label: 'cfgBroadcastRules',
    flinkDefault: null,
  }),

  f(['job', 'source', 'kind'], {
    group: 'source',
    input: 'enum',
    options: ['generator', 'script'],
    flinkKey: null,
    label: 'cfgSourceKind',
    flinkDefault: null,
  }),
  f(['job', 'source', 'keys'], {
    group: 'source',
    input: 'int',
    flinkKey: null,
    label: 'cfgSourceKeys',
    flinkDefault: null,
    shownWhen: generatorSource,
  }),
  f(['job', 'source', 'ratePerSec'], {
    group: 'source',
    input: 'number',
    unit: 'perSec',
    flinkKey: null,
    label: 'cfgSourceRate',
    flinkDefault: null,
    shownWhen: generatorSource,
  }),
  f(['job', 'source', 'valueBytes'], {
    group: 'source',
    input: 'int',
    unit: 'bytes',
    flinkKey: null,
    label: 'cfgSourceValueBytes',
    flinkDefault: null,
    shownWhen: generatorSource,
  }),
  f(['job', 'source', 'skew'], {
    group: 'source',
    input: 'number',
    flinkKey: null,
    label: 'cfgSourceSkew',
    flinkDefault: null,
    shownWhen: generatorSource,
  }),

  f(['storage', 'latencyMs'], {
    group: 'storage',
    input: 'number',
    unit: 'ms',
    flinkKey: null,
    label: 'cfgStorageLatency',
    flinkDefault: null,
    scaled: always,
  }),
  f(['storage', 'bytesPerMs'], {
    group: 'storage',
    input: 'number',
    unit: 'bytesPerMs',
    flinkKey: null,
    label: 'cfgStorageBandwidth',
    flinkDefault: null,
    scaled: always,
  }),
  ...STATE_BACKEND_FIELDS,
  f(cp('intervalMs'), {
    group: 'checkpointing',
    input: 'int',
    unit: 'ms',
    flinkKey: 'execution.checkpointing.interval',
    label: 'cfgInterval',
    flinkDefault: 'off',
    scaled: positive,
  }),
  f(cp('mode'), {
    group: 'checkpointing',
    input: 'enum',
    options: ['exactly_once', 'at_least_once'],
    flinkKey: 'execution.checkpointing.mode',
    label: 'cfgMode',
    flinkDefault: 'EXACTLY_ONCE',
  }),
  f(cp('unaligned'), {
    group: 'checkpointing',
    input: 'bool',
    flinkKey: 'execution.checkpointing.unaligned.enabled',
    label: 'cfgUnaligned',
    flinkDefault: 'false',
  }),
  f(cp('alignedCheckpointTimeoutMs'), {
    group: 'checkpointing',
    input: 'int',
    unit: 'ms',
    flinkKey: 'execution.checkpointing.aligned-checkpoint-timeout',
    label: 'cfgAlignedTimeout',
    flinkDefault: '0 ms',
  }),
  f(cp('timeoutMs'), {
    group: 'checkpointing',
    input: 'int',
    unit: 'ms',
    flinkKey: 'execution.checkpointing.timeout',
    label: 'cfgTimeout',
    flinkDefault: '10 min',
    scaled: (v) => v !== 600_000,
  }),
  f(cp('minPauseMs'), {
    group: 'checkpointing',
    input: 'int',
    unit: 'ms',
    flinkKey: 'execution.checkpointing.min-pause',
    label: 'cfgMinPause',
    flinkDefault: '0 ms',
  }),
  f(cp('maxConcurrent'), {
    group: 'checkpointing',
    input: 'int',
    flinkKey: 'execution.checkpointing.max-concurrent-checkpoints',
    label: 'cfgMaxConcurrent',
    flinkDefault: '1',
  }),
  f(cp('tolerableFailed'), {
    group: 'checkpointing',
    input: 'int',
    flinkKey: 'execution.checkpointing.tolerable-failed-checkpoints',
    label: 'cfgTolerableFailed',
    flinkDefault: '0',
  }),
  f(cp('numRetained'), {
    group: 'checkpointing',
    input: 'int',
    flinkKey: 'execution.checkpointing.num-retained',
    label: 'cfgNumRetained',
    flinkDefault: '1',
  }),
  f(cp('flinkVersion'), {
    group: 'checkpointing',
    input: 'enum',
    options: ['1.15-1.20', '<=1.14'],
    flinkKey: null,
    label: 'cfgFlinkVersion',
    flinkDefault: '1.15-1.20',
  }),
  f(cp('externalizedRetention'), {
    group: 'checkpointing',
    input: 'enum',
    options: ['NO_EXTERNALIZED_CHECKPOINTS', 'DELETE_ON_CANCELLATION', 'RETAIN_ON_CANCELLATION'],
    flinkKey: 'execution.checkpointing.externalized-checkpoint-retention',
    label: 'cfgExternalizedRetention',
    flinkDefault: 'NO_EXTERNALIZED_CHECKPOINTS',
  }),
];

/** Name, state kind and parallelism of each keyed operator in the draft. */
export function operatorFields(draft: Draft): ConfigField[] {
  const ops = at(draft, 'job', 'operators');
  if (!Array.isArray(ops)) return [];
  return ops.flatMap((_, i): ConfigField[] => [
    f(['job', 'operators', i, 'name'], {
      group: 'operators',
      input: 'text',
      flinkKey: null,
      label: 'cfgOperatorName',
      flinkDefault: null,
    }),
    f(['job', 'operators', i, 'state'], {
      group: 'operators',
      input: 'enum',
      options: ['value', 'list', 'map', 'reducing', 'aggregating'],
      flinkKey: null,
      label: 'cfgOperatorState',
      flinkDefault: null,
    }),
    f(['job', 'operators', i, 'parallelism'], {
      group: 'operators',
      input: 'optionalInt',
      flinkKey: null,
      label: 'cfgOperatorParallelism',
      flinkDefault: null,
    }),
    f(['job', 'operators', i, 'processingMs'], {
      group: 'operators',
      input: 'number',
      flinkKey: null,
      label: 'cfgOperatorProcessingMs',
      flinkDefault: null,
    }),
  ]);
}

export const GROUP_ORDER: readonly FieldGroup[] = [
  'scenario',
  'job',
  'operators',
  'source',
  'stateBackend',
  'rocksdb',
  'changelog',
  'checkpointing',
  'storage',
];

/** Every field for the draft, in group order. */
export function fieldsFor(draft: Draft): ConfigField[] {
  const all = [...CONFIG_FIELDS, ...operatorFields(draft)];
  return GROUP_ORDER.flatMap((g) => all.filter((x) => x.group === g));
}
