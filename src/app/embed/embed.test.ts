/**
 * The simulator embedded in a comparison column: it loads the run its link carries through the
 * app's own applyScenario path, moves to the last step at or before the time the page asks for,
 * and listens only to its own origin and its own parent window (and the page only to its frames).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_INPUT, scenarioOf } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { embedSrc, isEmbedUrl } from './embedLink';
import { loadEmbeddedRun, seekEmbeddedRun } from './embeddedRun';
import { readFromEmbed, readToEmbed } from './embedProtocol';

const ORIGIN = 'http://127.0.0.1:4507';
const parent = {} as MessageEventSource;
const frame = {} as MessageEventSource;

describe('embedded simulator: loading and seeking', () => {
  const scenario = scenarioOf({ ...DEFAULT_SCENARIO_INPUT, title: 'embedded run', untilMs: 3_000 });
  const src = embedSrc(scenario, '/app/');

  it('its address asks for embed mode and carries the run as a share-link hash', () => {
    const url = new URL(src, ORIGIN);
    expect(url.pathname).toBe('/app/');
    expect(isEmbedUrl(url.search)).toBe(true);
    expect(isEmbedUrl('?compare=backends')).toBe(false);
    expect(url.hash.startsWith('#scenario=')).toBe(true);
  });

  it('records the linked run into the store, as the app would', async () => {
    const r = await loadEmbeddedRun(new URL(src, ORIGIN).hash);
    const { timeline, scenario: loaded } = useAppStore.getState();
    expect(loaded.title).toBe('embedded run');
    expect(r).toEqual({ type: 'ready', steps: timeline.length, endMs: timeline.timeAt(timeline.length) });
    expect(r.type === 'ready' && r.endMs).toBeGreaterThan(2_500);
  });

  it('moves to the last step at or before the shared time, whatever the step grid, every view group with it', async () => {
    const { timeline } = useAppStore.getState();
    for (const ms of [0, 1, 777, 1_500, 2_999, 10_000, 1_200]) {
      const at = (await seekEmbeddedRun(ms, [1, 0, 3]))!;
      expect(at.ms).toBe(ms);
      const s = useAppStore.getState();
      expect(s.cursor).toBe(at.step);
      // The groups asked for show that step; the views of other groups were not moved apart from it.
      expect([1, 0, 3].map((g) => s.pacedCursors?.[g])).toEqual([at.step, at.step, at.step]);
      expect(at.stepMs).toBe(timeline.timeAt(at.step));
      expect(at.stepMs).toBeLessThanOrEqual(ms);
      // The next step, if any, is after the time asked for: no later step would do.
      if (at.step < timeline.length) expect(timeline.timeAt(at.step + 1)).toBeGreaterThan(ms);
    }
  });

  it('a later seek supersedes one still on its way: only the latest is answered', async () => {
    const first = seekEmbeddedRun(2_900, [1, 0, 3]);
    const second = seekEmbeddedRun(500, [1, 0, 3]);
    expect(await first).toBeNull();
    const at = (await second)!;
    expect(at.ms).toBe(500);
    expect(useAppStore.getState().cursor).toBe(at.step);
  });

  it('says why when the link carries no run or a broken one', async () => {
    expect((await loadEmbeddedRun('')).type).toBe('error');
    const broken = await loadEmbeddedRun('#scenario=%%%');
    expect(broken.type).toBe('error');
  });
});

describe('embed messages: same origin, expected window, well-formed only', () => {
  const ev = (data: unknown, origin = ORIGIN, source: MessageEventSource | null = parent) => ({ data, origin, source });

  it('the embed takes seekTime and lang from its parent on its own origin', () => {
    expect(readToEmbed(ev({ type: 'seekTime', ms: 1200 }), ORIGIN, parent)).toEqual({ type: 'seekTime', ms: 1200 });
    expect(readToEmbed(ev({ type: 'lang', lang: 'zh' }), ORIGIN, parent)).toEqual({ type: 'lang', lang: 'zh' });
  });

  it('and ignores other origins, other windows and malformed messages', () => {
    expect(readToEmbed(ev({ type: 'seekTime', ms: 1200 }, 'https://evil.example'), ORIGIN, parent)).toBeNull();
    expect(readToEmbed(ev({ type: 'seekTime', ms: 1200 }, ORIGIN, frame), ORIGIN, parent)).toBeNull();
    expect(readToEmbed(ev({ type: 'seekTime', ms: -5 }), ORIGIN, parent)).toBeNull();
    expect(readToEmbed(ev({ type: 'seekTime', ms: 'soon' }), ORIGIN, parent)).toBeNull();
    expect(readToEmbed(ev({ type: 'lang', lang: 'fr' }), ORIGIN, parent)).toBeNull();
    expect(readToEmbed(ev('seekTime'), ORIGIN, parent)).toBeNull();
  });

  it('the page takes answers only from the frame it asked', () => {
    const at = { type: 'at', ms: 1200, step: 40, stepMs: 1190 };
    expect(readFromEmbed(ev(at, ORIGIN, frame), ORIGIN, frame)).toEqual(at);
    expect(readFromEmbed(ev(at, ORIGIN, parent), ORIGIN, frame)).toBeNull();
    expect(readFromEmbed(ev(at, 'null', frame), ORIGIN, frame)).toBeNull();
    expect(readFromEmbed(ev(at, ORIGIN, frame), ORIGIN, null)).toBeNull();
    expect(readFromEmbed(ev({ type: 'ready', steps: 10, endMs: 3000 }, ORIGIN, frame), ORIGIN, frame)).toEqual({ type: 'ready', steps: 10, endMs: 3000 });
    expect(readFromEmbed(ev({ type: 'ready', steps: 1.5, endMs: 3000 }, ORIGIN, frame), ORIGIN, frame)).toBeNull();
  });
});
