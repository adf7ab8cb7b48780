/**
 * Strings of the classroom work of issue 14: the subtask panel shown large in the stage, the
 * presenter's full explanation, the storage status' reserved width, the summarized job graph.
 * Keys carry a `cls` prefix so they cannot clash with other areas.
 */
export const classroomEn = {
  clsTaskInStage: 'Enlarge',
  clsTaskInStageHint: 'Show the subtask panel (state table, LSM, DSTL tape) large, in place of the remote storage',
  clsTaskToSide: 'Back to the side',
  clsTaskToSideHint: 'Put the subtask panel back into the side column',
  clsPresenterTask: 'Subtask panel',
  clsPresenterTaskHint: 'Show the selected subtask’s state table, LSM and DSTL tape in the stage',
  clsPresenterWhy: 'Explanation',
  clsPresenterWhyHint: 'Show the full explanation of this step under its headline',
  clsJobFit: 'Fit',
  clsJobFitHint: 'Shrink the graph to show every subtask at once',
  clsJobZoom: 'Zoom',
  clsJobZoomHint: 'Draw the graph at the panel’s width, readable, scrolling',
  // Chinese mode adds its words beside Flink's status names; English shows the names alone.
  clsStatusCOMPLETED: 'completed',
  clsStatusSUBSUMED: 'subsumed',
  clsStatusFAILED: 'failed',
  clsStatusIN_PROGRESS: 'in progress',
  // Remote storage file kinds (StoredFileKind).
  clsKindFull: 'full',
  clsKindPrivate: 'private',
  clsKindMetadata: 'metadata',
  clsKindDstl: 'dstl',
  clsKindChannel: 'channel',
  clsKindSst: 'sst {n}',
  clsTitleOriginal: 'Scenario file title: {title}',
  clsJumpMaterialization: 'materialization',
  clsJumpTruncation: 'changelog truncation',
} as const;
