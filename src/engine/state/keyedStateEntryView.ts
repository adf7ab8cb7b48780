/**
 * One entry of a keyed backend as the read-only listings show it (job/stateView.ts for the heap
 * backend, rocksdb/rocksDbStateEntries.ts for RocksDB): the same shape for both, so a view can
 * show either. It lives here, below both backends' folders, so that rocksdb/ need not import job/.
 */
import type { StateValueView } from '../events';
import type { StateKind } from './stateDescriptor';
import type { StateKey } from './stateKeyIds';

export interface KeyedStateEntryView {
  state: string;
  kind: StateKind;
  keyGroup: number;
  key: StateKey;
  namespace: string;
  value: StateValueView;
}
