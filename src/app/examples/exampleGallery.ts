/**
 * The Examples gallery: the built-in scenario and every file in scenarios/, each with the message
 * keys of its short title and its "what you will see" sentence (src/i18n/<lang>/examples.ts).
 * The order is a teaching path: RocksDB incremental checkpoints and the shared state registry,
 * the changelog backend, back-pressure and barriers, then the sink's guarantees.
 * exampleGallery.test.ts fails for a file in scenarios/ that has no entry here, so a new example
 * file cannot ship without its texts.
 */
import type { MessageKey } from '../../i18n/messages';

export interface Example {
  /** The file name in scenarios/ without `.json`; `default` for the built-in scenario. */
  id: string;
  title: MessageKey;
  see: MessageKey;
}

/** The id of the scenario the app opens with (DEFAULT_SCENARIO); it has no file. */
export const BUILT_IN_EXAMPLE = 'default';

export const EXAMPLES: readonly Example[] = [
  { id: BUILT_IN_EXAMPLE, title: 'exDefaultTitle', see: 'exDefaultSee' },
  { id: 'seed002-refcount', title: 'exSeed002Title', see: 'exSeed002See' },
  { id: 'rocksdb-sst-compression', title: 'exSstCompressionTitle', see: 'exSstCompressionSee' },
  { id: 'changelog-seed000', title: 'exChangelogSeed000Title', see: 'exChangelogSeed000See' },
  {
    id: 'changelog-periodic-materialization',
    title: 'exChangelogPeriodicTitle',
    see: 'exChangelogPeriodicSee',
  },
  {
    id: 'backpressure-aligned-timeout',
    title: 'exAlignedTimeoutTitle',
    see: 'exAlignedTimeoutSee',
  },
  { id: 'backpressure-output-timeout', title: 'exOutputTimeoutTitle', see: 'exOutputTimeoutSee' },
  { id: 'backpressure-unaligned', title: 'exUnalignedTitle', see: 'exUnalignedSee' },
  { id: 'cancel-retain-restart', title: 'exCancelRetainTitle', see: 'exCancelRetainSee' },
  { id: 'stop-with-savepoint', title: 'exStopSavepointTitle', see: 'exStopSavepointSee' },
  { id: 'local-recovery', title: 'exLocalRecoveryTitle', see: 'exLocalRecoverySee' },
  { id: 'operator-state-rescale', title: 'exOperatorStateTitle', see: 'exOperatorStateSee' },
  {
    id: 'sink-after-failure-transactional',
    title: 'exSinkTransactionalTitle',
    see: 'exSinkTransactionalSee',
  },
  { id: 'sink-after-failure-plain', title: 'exSinkPlainTitle', see: 'exSinkPlainSee' },
  // Last: the benchmark's run, too big for the page; picking it shows the up-front refusal.
  { id: 'scale-run', title: 'exScaleRunTitle', see: 'exScaleRunSee' },
];

/** Where an example's file is, as shown to the user and as the key of exampleFiles.ts' loaders. */
export function examplePath(id: string): string {
  return `scenarios/${id}.json`;
}
