/**
 * Reads an example's scenario when the user picks it. The files stay out of the first download:
 * the glob is lazy, so each file becomes its own small chunk that is fetched on demand. The text
 * then takes the path every import takes (importScenarioText: limits, then the engine's parser),
 * so a broken file is refused with the same "path: message" problems as a broken import.
 */
import { DEFAULT_SCENARIO, type ParseResult } from '../../engine';
import { DOCUMENT, importScenarioText } from '../scenarioIo/importScenarioText';
import { BUILT_IN_EXAMPLE, examplePath } from './exampleGallery';

/** Loaders of the example files' text, keyed by path from the project root (`/scenarios/x.json`). */
export type ExampleFiles = Record<string, () => Promise<string>>;

const FILES: ExampleFiles = import.meta.glob<string>('/scenarios/*.json', {
  query: '?raw',
  import: 'default',
});

/** The example files the build holds, as `scenarios/<id>.json`. */
export function bundledExamplePaths(files: ExampleFiles = FILES): string[] {
  return Object.keys(files).map((key) => key.replace(/^\//, ''));
}

/** The example's validated scenario, or why it cannot run; never throws. */
export async function loadExample(id: string, files: ExampleFiles = FILES): Promise<ParseResult> {
  if (id === BUILT_IN_EXAMPLE) return { ok: true, scenario: DEFAULT_SCENARIO };
  const path = examplePath(id);
  const load = files[`/${path}`];
  if (!load)
    return { ok: false, problems: [{ path: DOCUMENT, message: `${path} is not in this build` }] };
  let text: string;
  try {
    text = await load();
  } catch (e) {
    // A chunk that cannot be fetched: offline, or a new deployment removed the old file names.
    const why = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      problems: [{ path: DOCUMENT, message: `${path} could not be downloaded (${why})` }],
    };
  }
  return importScenarioText(text);
}
