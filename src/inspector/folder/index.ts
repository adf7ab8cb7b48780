export { inspectFolder } from './inspectFolder';
export type { FolderEntry, FolderInput, FolderReport, InspectedCheckpoint, InspectedFile, InspectedOperator, SnapshotStyle, UnreadableMetadata } from './inspectFolder';
export { mapAbsolutePath, pathSegments } from './resolvePath';
