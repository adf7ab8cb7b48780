/** Moves the cursor to the step where a checkpoint completed or failed (pausing playback, as the history table does). */
import { useAppStore } from '../../store/appStore';
import { jumpPositionOf, type CheckpointBar } from './checkpointBars';

export function jumpToCheckpoint(bar: CheckpointBar): number {
  const s = useAppStore.getState();
  const target = jumpPositionOf(bar);
  s.setPlaying(false);
  s.setCursor(target);
  return target;
}
