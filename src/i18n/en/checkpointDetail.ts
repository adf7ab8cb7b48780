/** Strings of the sink verdict under the checkpoint table and of a checkpoint's drill-down panel. */
export const checkpointDetailEn = {
  verdictTitle: 'Sink output (external system)',
  verdictCommitted: 'Records committed',
  verdictDuplicates: 'Duplicates seen downstream',
  verdictLabel: 'Verdict',
  verdictExactlyOnce: 'exactly-once so far ({n} records compared)',
  verdictAtLeastOnce: 'at-least-once: {d} duplicate(s)',
  verdictLost: '{l} record(s) lost, {d} duplicate(s)',
  verdictComputing: 'The failure-free run to compare with is being recorded in the background…',
  verdictNotYet: 'not judged yet: no record has settled',
  verdictWhyTransactional:
    'Transactional sink: records become visible only when the checkpoint that pre-committed them completes; a restore aborts the rest and replays them once.',
  verdictWhyPlainRestored:
    'Plain sink + restore: the job replays from the last checkpoint’s offsets, so records written after that checkpoint are written again.',
  verdictWhyPlainNoRestore: 'Plain sink: no restore yet, so nothing was replayed; a failure now would write the records since the last checkpoint again.',
  verdictWhyAtLeastOnce:
    'AT_LEAST_ONCE barriers do not align: a restore replays records whose effect the checkpoint already holds.',
  verdictNote: 'Judged record by record against the failure-free run of the same scenario, where both runs have read every record.',
  cpDetailOpen: 'Files of checkpoint {id}',
  cpDetailTitle: '{what} {id}: files by subtask',
  cpDetailClose: 'Close',
  cpDetailSizes: 'Checkpointed size {c} · full size {s}',
  cpDetailUploaded: 'Uploaded',
  cpDetailReused: 'Reused',
  cpDetailDeleted: 'Deleted because of it',
  cpDetailNone: '–',
  cpDetailMetadata: '_metadata (JobManager)',
  cpDetailPending: 'Still running: the lists grow as subtasks acknowledge.',
  cpDetailNote:
    'Uploaded: files written for this checkpoint. Reused: files uploaded earlier that its handles reference again (placeholders, DSTL files, the materialized part). Deleted: files removed when it subsumed older checkpoints or was discarded.',
  cpDetailInline: 'inline in _metadata: {size}',
};
