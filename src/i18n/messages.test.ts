import { describe, expect, it } from 'vitest';
import { AREAS, en, zh } from './messages';

describe('UI message tables', () => {
  it('never define one key in two areas (a later area would silently override the earlier one)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const area of AREAS) {
      for (const key of Object.keys(area.en)) {
        if (owner.has(key)) clashes.push(`${key} (${owner.get(key)} and ${area.name})`);
        owner.set(key, area.name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('have a non-empty Chinese text for every English key, with the same {placeholders}', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(zh[key], key).toBeTruthy();
      const ph = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(ph(zh[key]), key).toEqual(ph(en[key]));
    }
  });
});
