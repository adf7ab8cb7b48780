import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline } from '../engine';
import { shareEventStrings, sharedNameCount } from './shareEventStrings';

// That the names are then one string each is not observable from JavaScript: the heap it saves
// is measured by bench/diag/memoryAtScale.ts (docs/architecture.md, "Memory at scale").
describe('shareEventStrings (the page shares the names in the events it receives)', () => {
  it('leaves every event of a run equal to what was sent, and keeps a small vocabulary', () => {
    const t = Timeline.record(DEFAULT_SCENARIO, { keyframeEvery: 32 });
    const copy = structuredClone([...t.records()]);
    shareEventStrings(copy);
    expect(copy).toEqual(t.records());
    expect(sharedNameCount()).toBeGreaterThan(10);
    expect(sharedNameCount()).toBeLessThan(500);
  });
});
