import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { DEFAULT_SCENARIO, parseScenarioText, Timeline, type StepRecord } from '../engine';
import { jsonSafe, packSteps, unpackSteps } from './stepsText';
import { packChunk, unpackChunk } from './recorderCore';

const scenarioDir = new URL('../../scenarios/', import.meta.url);

/** Every shipped scenario's steps (the two big ones cut short), in both details the app records. */
function* shippedSteps(): Generator<[string, StepRecord[]]> {
  for (const f of readdirSync(scenarioDir).sort()) {
    const parsed = parseScenarioText(readFileSync(new URL(f, scenarioDir), 'utf8'));
    if (!parsed.ok) throw new Error(`scenarios/${f} does not parse`);
    const big = f === 'scale-run.json' || f === 'views-at-scale.json';
    const scenario = big ? { ...parsed.scenario, untilMs: 3_000 } : parsed.scenario;
    for (const detail of ['records', 'summary'] as const) {
      const t = Timeline.begin(scenario, { keyframeEvery: 1 << 20, detail });
      while (!t.recordSome(4096)) {
        /* record it all */
      }
      yield [`${f} (${detail})`, [...t.records()]];
    }
  }
}

describe("a chunk's steps cross to the page as JSON text", () => {
  it('every shipped scenario, in either detail, crosses as text and comes back exactly', () => {
    for (const [name, steps] of shippedSteps()) {
      const wire = packSteps(steps);
      expect(typeof wire, name).toBe('string');
      expect(unpackSteps(wire), name).toStrictEqual(steps);
    }
  });

  it('steps holding what JSON would change cross structured-cloned, unchanged', () => {
    const event = (extra: Record<string, unknown>) => ({ atMs: 1, events: [{ type: 'file.uploaded', task: 'count#0', ...extra }] }) as unknown as StepRecord;
    for (const extra of [{ size: NaN }, { size: Infinity }, { delta: -0 }, { bytes: new Uint8Array([1]) }, { note: undefined }, { list: [1, undefined] }]) {
      const steps = [event({}), event(extra)];
      expect(jsonSafe(steps)).toBe(false);
      const wire = packSteps(steps);
      expect(Array.isArray(wire)).toBe(true);
      expect(unpackSteps(structuredClone(wire))).toStrictEqual(steps);
    }
    expect(jsonSafe([event({ size: 3, path: 'a/b', ok: true, none: null })])).toBe(true);
  });

  it('a chunk through packChunk, a structured clone (postMessage) and unpackChunk keeps its steps and keyframes', () => {
    const t = Timeline.begin(DEFAULT_SCENARIO, { keyframeEvery: 64 });
    t.recordSome(300);
    const chunk = t.takeChunk(0);
    const wire = structuredClone(packChunk(chunk));
    expect(typeof wire.steps).toBe('string');
    const back = unpackChunk(wire);
    expect(back.steps).toStrictEqual(chunk.steps);
    expect(back.keyframes.map((k) => k.position)).toEqual(chunk.keyframes.map((k) => k.position));
    const mirror = Timeline.mirror(DEFAULT_SCENARIO, { keyframeEvery: 64 });
    mirror.receive(back);
    expect(mirror.records()).toStrictEqual(t.records());
  });
});
