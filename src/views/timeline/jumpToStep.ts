/** Moves the cursor to a step, pausing playback (a jump from a view means "show me this"). */
import { useAppStore } from '../../store/appStore';

export function jumpToStep(position: number): number {
  const s = useAppStore.getState();
  s.setPlaying(false);
  s.setCursor(position);
  return position;
}
