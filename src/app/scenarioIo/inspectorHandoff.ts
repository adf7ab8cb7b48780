/**
 * Where a real Flink `_metadata` goes once it is recognized (flinkMetadataFile.ts). The inspector
 * for real checkpoints is built apart (`src/inspector/`, the real-Flink issue); when it lands it
 * registers itself here with `setMetadataInspector`, and the import paths (the dialog's picker and
 * drop, a drop on the page) hand such files to it instead of telling the user what they are.
 * Until one is registered, `handOffToInspector` returns false and the caller says plainly that the
 * file is a Flink checkpoint file and what the app can do with it.
 */
import type { FlinkMetadataInfo } from './flinkMetadataFile';

/** Opens the file in the inspector; true when it took it. */
export type MetadataInspector = (file: Blob & { name: string }, info: FlinkMetadataInfo) => boolean;

let inspector: MetadataInspector | null = null;

/** Registers (or, with null, removes) the inspector that real `_metadata` files are handed to. */
export function setMetadataInspector(next: MetadataInspector | null): void {
  inspector = next;
}

/** Hands the file to the registered inspector; false when there is none or it declined. */
export function handOffToInspector(file: Blob & { name: string }, info: FlinkMetadataInfo): boolean {
  return inspector !== null && inspector(file, info);
}
