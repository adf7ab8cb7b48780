/**
 * Fast playback refreshes the reading panels in turn (src/views/panelPace.tsx): these tests pin
 * the store's side of it, because a panel left behind after a pause or a seek would show a
 * different step from the job graph.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from './appStore';
import { PANEL_GROUPS } from './timelineSlice';

const store = () => useAppStore.getState();

describe('paced panel cursors', () => {
  beforeEach(() => {
    store().setPlaying(false);
    store().setCursor(10);
  });

  it('moves only the paced group to the cursor, the others keep the step they show', () => {
    store().setPlaying(true);
    store().setCursor(14, 1);
    expect(store().cursor).toBe(14);
    expect(store().pacedCursors).toEqual([10, 14, 10, 10].slice(0, PANEL_GROUPS));
    store().setCursor(19, 2);
    expect(store().pacedCursors).toEqual([10, 14, 19, 10].slice(0, PANEL_GROUPS));
    store().setCursor(25, 1 + PANEL_GROUPS); // groups wrap around
    expect(store().pacedCursors![1]).toBe(25);
  });

  it('brings every panel to the cursor after a pause, a group a frame, once the step before is read', async () => {
    store().setPlaying(true);
    store().setCursor(14, 0);
    store().setPlaying(false);
    // Not in the pause's own task: the panels catch up over the next frames (settlePanels).
    expect(store().pacedCursors).toEqual([14, 10, 10, 10].slice(0, PANEL_GROUPS));
    const seen: (readonly number[] | null)[] = [];
    const stop = useAppStore.subscribe((s) => seen.push(s.pacedCursors));
    await vi.waitFor(() => expect(store().pacedCursors).toBeNull());
    stop();
    expect(seen).toEqual([[14, 14, 10, 10], [14, 14, 14, 10], null]);
    // The step before the cursor (the registry's and LSM's change marks) was read meanwhile.
    expect(store().timeline.stepsToRead(13)).toBe(0);
  });

  it('settles a pause at step 0, where there is no step before', async () => {
    store().setCursor(0);
    store().setPlaying(true);
    store().setCursor(0, 2);
    store().setPlaying(false);
    await vi.waitFor(() => expect(store().pacedCursors).toBeNull());
    expect(store().cursor).toBe(0);
  });

  it('brings every panel to the cursor on a plain move and on a branch', () => {

    store().setPlaying(true);
    store().setCursor(20, 3);
    store().setCursor(21); // a step, a seek or the scrubber
    expect(store().pacedCursors).toBeNull();

    store().setCursor(30, 0);
    store().applyAction({ do: 'checkpoint' });
    expect(store().pacedCursors).toBeNull();
    expect(store().cursor).toBeGreaterThan(30);
  });

  it('keeps the paced positions readable without replaying from a keyframe', () => {
    store().setPlaying(true);
    const { timeline } = store();
    const shown = new Map<number, unknown>();
    // Frame by frame, as the views read them: the live cursor and the group moved this frame.
    [40, 41, 43, 46, 50, 51].forEach((p, frame) => {
      store().setCursor(p, frame);
      shown.set(p, timeline.stateAt(p));
    });
    expect(store().pacedCursors).toEqual([50, 51, 43, 46]);
    // Playback reads the next frame's position before that frame shows it (src/app/usePlayback.ts).
    timeline.stateAt(55);
    // A group's position is still one of the timeline's frozen states (the same object), so
    // reading it on every store update costs a cache lookup, not a replay from a keyframe.
    for (const p of store().pacedCursors!) expect(timeline.stateAt(p)).toBe(shown.get(p));
  });
});
