/**
 * Which example is running, so the gallery can mark it. The built-in scenario is known by its
 * content. A picked example is remembered with a fingerprint of its scenario: any later edit or
 * import changes the scenario and so drops the mark, and nothing else has to clear it. The memory
 * is the tab's sessionStorage because the saved session brings the scenario back after a reload
 * (persistenceController.ts), and its mark should come back with it.
 */
import { DEFAULT_SCENARIO, digestPlain, type Scenario } from '../../engine';
import { BUILT_IN_EXAMPLE } from './exampleGallery';

export const CURRENT_EXAMPLE_KEY = 'checkpoint-lab.example';

export type ExampleMemory = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The same for a scenario and its copy read back from IndexedDB: the JSON round trip drops keys
 * whose value is undefined, which digestPlain would otherwise count.
 */
function fingerprint(scenario: Scenario): string {
  return digestPlain(JSON.parse(JSON.stringify(scenario)));
}

function tabMemory(): ExampleMemory | null {
  try {
    return sessionStorage;
  } catch {
    // Storage blocked (privacy settings, sandboxed frame): the mark then lasts until a reload.
    return null;
  }
}

let remembered: string | null = null;

export function rememberExample(
  id: string,
  scenario: Scenario,
  memory: ExampleMemory | null = tabMemory(),
): void {
  remembered = JSON.stringify({ id, fingerprint: fingerprint(scenario) });
  try {
    memory?.setItem(CURRENT_EXAMPLE_KEY, remembered);
  } catch {
    // Quota or blocked storage: the module's copy still marks it for this page's life.
  }
}

function recall(memory: ExampleMemory | null): { id?: unknown; fingerprint?: unknown } | null {
  let text = remembered;
  try {
    text = memory?.getItem(CURRENT_EXAMPLE_KEY) ?? remembered;
  } catch {
    // Blocked storage: fall back to the module's copy.
  }
  if (!text) return null;
  try {
    return JSON.parse(text) as { id?: unknown; fingerprint?: unknown };
  } catch {
    return null;
  }
}

/** The id of the example `scenario` is, unchanged, or null when it is none of them. */
export function currentExample(
  scenario: Scenario,
  memory: ExampleMemory | null = tabMemory(),
): string | null {
  const mine = fingerprint(scenario);
  if (mine === fingerprint(DEFAULT_SCENARIO)) return BUILT_IN_EXAMPLE;
  const last = recall(memory);
  return last && typeof last.id === 'string' && last.fingerprint === mine ? last.id : null;
}
