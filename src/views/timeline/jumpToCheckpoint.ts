/** Moves the cursor to the step where a checkpoint completed or failed (pausing playback, as the history table does). */
import { jumpPositionOf, type CheckpointBar } from './checkpointBars';
import { jumpToStep } from './jumpToStep';

export function jumpToCheckpoint(bar: CheckpointBar): number {
  return jumpToStep(jumpPositionOf(bar));
}
