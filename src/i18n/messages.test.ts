import { describe, expect, it } from 'vitest';
import { messagesEn } from './en/messages';
import { messagesZh } from './zh/messages';

type Table = Record<string, string>;

// Every area file of each language, found by the folder rather than a list, so that an area file
// left out of its language's merged table (en/messages.ts, zh/messages.ts) is caught too.
const NOT_AREAS = /\/(messages|eventText|languagePack\w*)\.ts$/;
function areaTables(
  modules: Record<string, Record<string, unknown>>,
  suffix: string,
): Map<string, Table> {
  const out = new Map<string, Table>();
  for (const [path, mod] of Object.entries(modules)) {
    if (NOT_AREAS.test(path)) continue;
    const area = path.replace(/^.*\/(\w+)\.ts$/, '$1');
    const table = mod[`${area}${suffix}`];
    if (!table) throw new Error(`${path} must export ${area}${suffix}`);
    out.set(area, table as Table);
  }
  return out;
}
const EN_AREAS = areaTables(import.meta.glob('./en/*.ts', { eager: true }), 'En');
const ZH_AREAS = areaTables(import.meta.glob('./zh/*.ts', { eager: true }), 'Zh');

describe('UI message tables', () => {
  it('are split into the same areas in both languages', () => {
    expect(EN_AREAS.size).toBeGreaterThan(10);
    expect([...ZH_AREAS.keys()].sort()).toEqual([...EN_AREAS.keys()].sort());
  });

  it('never define one key in two areas (a later area would silently override the earlier one)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [area, table] of EN_AREAS) {
      for (const key of Object.keys(table)) {
        if (owner.has(key)) clashes.push(`${key} (${owner.get(key)} and ${area})`);
        owner.set(key, area);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('merge every area of a language into its table', () => {
    for (const [areas, merged] of [
      [EN_AREAS, messagesEn],
      [ZH_AREAS, messagesZh],
    ] as const) {
      const fromAreas = Object.assign({}, ...areas.values()) as Table;
      expect(merged).toEqual(fromAreas);
    }
  });

  it('have a non-empty Chinese text for every English key, with the same {placeholders}', () => {
    expect(Object.keys(messagesZh).sort()).toEqual(Object.keys(messagesEn).sort());
    for (const key of Object.keys(messagesEn) as (keyof typeof messagesEn)[]) {
      expect(messagesZh[key], key).toBeTruthy();
      const ph = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(ph(messagesZh[key]), key).toEqual(ph(messagesEn[key]));
    }
  });
});
