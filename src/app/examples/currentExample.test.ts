// The gallery marks the running example: the built-in one by content, a picked one by what was
// remembered when it was picked, including after the scenario came back from IndexedDB.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO, parseScenario, type Scenario } from '../../engine';
import {
  CURRENT_EXAMPLE_KEY,
  currentExample,
  rememberExample,
  type ExampleMemory,
} from './currentExample';
import { loadExample } from './loadExample';

function memory(): ExampleMemory & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
  };
}

async function example(id: string): Promise<Scenario> {
  const r = await loadExample(id);
  if (!r.ok) throw new Error(id);
  return r.scenario;
}

/** What a reload gives back: the saved session's scenario, validated again (sessionRecord.ts). */
function reloaded(s: Scenario): Scenario {
  const r = parseScenario(JSON.parse(JSON.stringify(s)));
  if (!r.ok) throw new Error('not valid after a round trip');
  return r.scenario;
}

describe('currentExample', () => {
  it('knows the built-in scenario by its content, remembered or not', () => {
    expect(currentExample(DEFAULT_SCENARIO, memory())).toBe('default');
    expect(currentExample(reloaded(DEFAULT_SCENARIO), memory())).toBe('default');
  });

  it('marks a picked example, also after a reload, and not once the scenario is edited', async () => {
    const m = memory();
    const picked = await example('changelog-seed000');
    expect(currentExample(picked, m)).toBeNull();
    rememberExample('changelog-seed000', picked, m);
    expect(m.data.has(CURRENT_EXAMPLE_KEY)).toBe(true);
    expect(currentExample(picked, m)).toBe('changelog-seed000');
    expect(currentExample(reloaded(picked), m)).toBe('changelog-seed000');
    expect(currentExample({ ...picked, seed: picked.seed + 1 }, m)).toBeNull();
    expect(currentExample(await example('backpressure-unaligned'), m)).toBeNull();
  });

  it('still marks it for this page when the tab’s storage is blocked or holds junk', async () => {
    const picked = await example('seed002-refcount');
    const blocked: ExampleMemory = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    rememberExample('seed002-refcount', picked, blocked);
    expect(currentExample(picked, blocked)).toBe('seed002-refcount');
    const junk = memory();
    junk.data.set(CURRENT_EXAMPLE_KEY, '{not json');
    expect(currentExample(picked, junk)).toBeNull();
  });
});
