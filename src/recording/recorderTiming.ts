/**
 * How the worker slices a recording. A chunk every ~150 ms keeps the page's work per chunk (clone
 * in, append, one store update) small and lets branch/cancel in within a slice; the first slice
 * is short so the first steps show right after Apply.
 */
export const RECORDER_TIMING = {
  sliceMs: 150,
  firstSliceMs: 15,
  stepsPerCheck: 64,
  // The page takes a chunk in in one task: 3,000 steps of a comparison's run were 10–25 ms of
  // structured clone (Node), 50–60 ms of the page's thread CPU on a loaded machine.
  maxChunkSteps: 1024,
  // A seek's replay lets newer seeks in this often (a drag sends one per input event): short,
  // so a stale replay stops soon; each turn costs one message round in the worker.
  seekSliceMs: 30,
  // A keyframe of a large run is megabytes to clone into the page (1.4 MB at parallelism 8 and
  // 10,000 keys, growing): at most one per chunk, and none closer than this many steps.
  keyframeGap: 512,
  // A big run's keyframes are kept this many times closer together here than on the page
  // (recorderCore.ts keyframesDenser): a far seek's replay in the worker is that much shorter.
  keyframesDenser: 4,
  // The recording waits at most this long for the page to land a seek (RecorderCore#answerSeek).
  landHoldMs: 1000,
} as const;
