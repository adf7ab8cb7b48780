/** Strings about the recording itself: scripted actions skipped after a branch, and an engine error that stopped it. */
export const recordingEn = {
  narScriptSkipped: 'The script’s action “{action}” no longer applies here and is skipped.',
  narScriptSkippedFiles:
    'The script was written for the run without your actions. After the restore, {task}’s RocksDB instance holds SSTs {live}, not {missing}; RocksDB’s CompactFiles refuses input files that do not exist, so this run goes on without the compaction.',
  narScriptSkippedTask:
    'The script was written for the run without your actions; {task} is not running now (the job is being restored, or runs at another parallelism), so this run goes on without the action.',
  narScriptSkippedBackend: '{task} does not run the RocksDB backend, so there is nothing to flush or compact; this run goes on without the action.',
  recErrorTitle: 'The recording stopped early, at t = {atMs} ms (step {step}): the engine failed there.',
  recErrorWhat:
    'What you can do: step back and act at an earlier step (the run is recorded again from there), or load the scenario again from ⊞ Examples or ⚙. If it happens again, export the scenario and report it with this message.',
  recErrorMessage: 'Engine message: {message}',
  recProgressTitle: 'Recording the run…',
  recProgressFigures: 't = {simMs} of {untilMs} ms simulated · {rate} steps/s · about {eta} left',
  recProgressFiguresNoEta: 't = {simMs} of {untilMs} ms simulated · {rate} steps/s',
  recProgressNote: 'The engine records in the background: you can step, scrub and play what is already recorded.',
  recProgressLabel: 'Simulated time recorded',
  recKeep: 'Stop here, keep what is recorded',
  recRevert: 'Cancel, go back to the previous run',
  recSeconds: '{n} s',
  recMinutes: '{n} min',
  recStoppedNote: 'Recording stopped by you at t = {atMs} ms: the run ends there.',
} as const;
