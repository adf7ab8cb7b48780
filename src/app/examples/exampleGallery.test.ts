// The gallery covers exactly the files in scenarios/, each file parses and records, and each
// entry has its title and sentence in both languages: a new example file without gallery texts
// fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, Timeline, parseScenarioText } from '../../engine';
import { messagesEn } from '../../i18n/en/messages';
import { messagesZh } from '../../i18n/zh/messages';
import { BUILT_IN_EXAMPLE, EXAMPLES, examplePath } from './exampleGallery';
import { bundledExamplePaths, loadExample } from './loadExample';

const onDisk = readdirSync('scenarios')
  .filter((f) => f.endsWith('.json'))
  .map((f) => `scenarios/${f}`)
  .sort();
const withFiles = EXAMPLES.filter((e) => e.id !== BUILT_IN_EXAMPLE);
const CJK = /[\u4e00-\u9fff]/;

describe('the Examples gallery', () => {
  it('lists the built-in scenario first and every file in scenarios/, each once', () => {
    expect(EXAMPLES[0]?.id).toBe(BUILT_IN_EXAMPLE);
    expect(withFiles.map((e) => examplePath(e.id)).sort()).toEqual(onDisk);
    expect(new Set(EXAMPLES.map((e) => e.id)).size).toBe(EXAMPLES.length);
  });

  it('builds every file in scenarios/ into the app (the lazy glob finds them all)', () => {
    expect(bundledExamplePaths().sort()).toEqual(onDisk);
  });

  it('has a title and a "what you will see" sentence in English and Chinese for each entry', () => {
    for (const e of EXAMPLES) {
      for (const key of [e.title, e.see]) {
        expect(messagesEn[key].trim(), `${e.id} ${key}`).not.toBe('');
        expect(messagesZh[key], `${e.id} ${key}`).toMatch(CJK);
      }
    }
    // Titles tell the examples apart.
    const titles = (table: Record<string, string>) => new Set(EXAMPLES.map((e) => table[e.title]));
    expect(titles(messagesEn).size).toBe(EXAMPLES.length);
    expect(titles(messagesZh).size).toBe(EXAMPLES.length);
  });

  it('loads each file as the same scenario the engine parses from disk, and records it', async () => {
    for (const e of withFiles) {
      const loaded = await loadExample(e.id);
      const direct = parseScenarioText(readFileSync(examplePath(e.id), 'utf8'));
      if (!loaded.ok) throw new Error(`${e.id}: ${JSON.stringify(loaded.problems)}`);
      expect(direct).toEqual(loaded);
      // The first 2,000 steps: enough to show it runs; the scale run's millions are the bench's.
      const timeline = Timeline.record(loaded.scenario, { keyframeEvery: 32, maxSteps: 2_000 });
      expect(timeline.length, e.id).toBeGreaterThan(10);
    }
  });

  it('loads the built-in example without a file', async () => {
    expect(await loadExample(BUILT_IN_EXAMPLE)).toEqual({ ok: true, scenario: DEFAULT_SCENARIO });
  });
});

describe('loadExample refuses what cannot run, with "path: message" problems', () => {
  const files = (text: string | Error) => ({
    '/scenarios/broken.json': () =>
      text instanceof Error ? Promise.reject(text) : Promise.resolve(text),
  });

  it('a file that does not validate: the parser’s problems, by field path', async () => {
    const r = await loadExample(
      'broken',
      files('{"format":"checkpoint-lab/scenario@1","job":{"parallelism":0}}'),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.path)).toContain('job.parallelism');
  });

  it('a file that is not JSON: where the syntax breaks', async () => {
    const r = await loadExample('broken', files('{"format": '));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]?.message).toMatch(/line 1/);
  });

  it('a file that cannot be downloaded, or is not in the build', async () => {
    const failed = await loadExample('broken', files(new Error('Failed to fetch')));
    expect(failed).toEqual({
      ok: false,
      problems: [
        {
          path: '(document)',
          message: 'scenarios/broken.json could not be downloaded (Failed to fetch)',
        },
      ],
    });
    const missing = await loadExample('nowhere', files('{}'));
    expect(missing.ok).toBe(false);
  });
});
