/**
 * The titles of the built-in scenario and of the example files, as the UI's language shows them.
 * Scenario files carry an English title (it is data, shared and exported as written); in Chinese
 * the chip and the dialog show the gallery's Chinese title of that example instead, as long as the
 * title is the file's own (a renamed or edited scenario shows what the user wrote).
 * builtInTitles.test.ts fails when an example file's title is missing here.
 */
import type { MessageKey } from '../../i18n/messages';
import type { Translate } from '../../i18n/useT';

export const BUILT_IN_TITLES: Readonly<Record<string, MessageKey>> = {
  'Incremental RocksDB checkpoints of a keyed running sum': 'exDefaultTitle',
  'Seed 002: incremental checkpoints and reference-counted shared files': 'exSeed002Title',
  'Seed 000: log-based incremental checkpoints': 'exChangelogSeed000Title',
  'Changelog with periodic materialization: materialize, truncate, repeat':
    'exChangelogPeriodicTitle',
  'Back-pressure and aligned checkpoints with a timeout: alignment switches to unaligned after 120 ms':
    'exAlignedTimeoutTitle',
  'Back-pressure at the senders: barriers stuck in output queues time out to unaligned after 120 ms':
    'exOutputTimeoutTitle',
  'Back-pressure and unaligned checkpoints: barriers overtake the queued buffers':
    'exUnalignedTitle',
  'A transactional sink after failures: nothing lost, nothing twice': 'exSinkTransactionalTitle',
  'A plain sink after failures: records read again reach the output twice': 'exSinkPlainTitle',
  'Cancel, keep the checkpoints, start a new job from them': 'exCancelRetainTitle',
  'Stop with a savepoint, then start a new job from it': 'exStopSavepointTitle',
  "Local recovery: restart from the TaskManager's disk": 'exLocalRecoveryTitle',
  "RocksDB's own SST compression: L0 raw, deeper levels Snappy": 'exSstCompressionTitle',
  'Rescaling operator state: split, union, broadcast': 'exOperatorStateTitle',
  'Scale run: 1,000,000 records, 100,000 keys, parallelism 16, 500 checkpoints': 'exScaleRunTitle',
};

/** The title to show: the Chinese gallery title of a built-in scenario in Chinese, else the title as written. */
export function shownTitle(title: string, lang: string, t: Translate): string {
  const key = lang === 'en' ? undefined : BUILT_IN_TITLES[title];
  return key ? t(key) : title;
}
