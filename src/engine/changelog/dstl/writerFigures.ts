/**
 * Per-writer figures for views: how much a backend has logged and how much of it is not durable
 * yet. Flink exposes similar numbers through `ChangelogStorageMetricGroup` and the changelog
 * backend's metrics; these are derived from the writer's plain state, never stored beside it.
 */
import type { FsStateChangelogWriterState } from './fsStateChangelogWriterState';

/** Figures of one `FsStateChangelogWriter`. */
export interface DstlWriterFigures {
  readonly bytesAppended: number;
  readonly changesAppended: number;
  readonly activeBytes: number;
  /** Closed change sets not yet handed to the uploader. */
  readonly notUploadedBytes: number;
  /** Handed to the uploader, upload not finished. */
  readonly uploadingBytes: number;
  readonly uploadedBytes: number;
  /** Everything that would be lost if the TaskManager died now: active + not uploaded + uploading. */
  readonly notPersistedBytes: number;
  /** Closed change sets the writer still holds (not uploaded, uploading, uploaded). */
  readonly changeSetCount: number;
  readonly uploadedChangeSets: number;
  /** Persists waiting for uploads (`uploadCompletionListeners`). */
  readonly pendingPersists: number;
  readonly preEmptivePersists: number;
}

/** The figures of a writer, computed from its state. */
export function writerFigures(w: FsStateChangelogWriterState): DstlWriterFigures {
  let notUploadedBytes = 0;
  for (const s of w.notUploaded) notUploadedBytes += s.sizeBytes;
  let uploadingBytes = 0;
  for (const u of w.uploading) uploadingBytes += u.sizeBytes;
  let uploadedBytes = 0;
  for (const r of w.uploaded) uploadedBytes += r.size;
  return {
    bytesAppended: w.bytesAppended,
    changesAppended: w.changesAppended,
    activeBytes: w.activeChangeSetSize,
    notUploadedBytes,
    uploadingBytes,
    uploadedBytes,
    notPersistedBytes: w.activeChangeSetSize + notUploadedBytes + uploadingBytes,
    changeSetCount: w.notUploaded.length + w.uploading.length + w.uploaded.length,
    uploadedChangeSets: w.uploaded.length,
    pendingPersists: w.listeners.length,
    preEmptivePersists: w.preEmptivePersists,
  };
}
