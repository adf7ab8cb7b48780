/**
 * Imports from the dialog (a picked or dropped file, pasted JSON) and the Examples gallery:
 * validate, then replace the run only if the scenario is valid. A refused import leaves the store
 * untouched and says what is wrong and where; only the newest of overlapping imports (two quick
 * drops, two quick picks) is applied.
 */
import { useEffect, useRef, useState } from 'react';
import type { ParseResult, Scenario, ScenarioMigrationNote, ScenarioProblem } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { applyShareView, readFileView, ViewSuperseded, type ShareView } from '../../app/scenarioIo/shareView';
import { applyScenario } from '../../app/scenarioIo/applyScenario';
import { importScenarioText } from '../../app/scenarioIo/importScenarioText';
import { readScenarioFile, type ScenarioFile } from '../../app/scenarioIo/readScenarioFile';
import { readHead, sniffMetadataHeader, type FlinkMetadataInfo } from '../../app/scenarioIo/flinkMetadataFile';
import { handOffToInspector } from '../../app/scenarioIo/inspectorHandoff';

export type ImportStatus =
  | { kind: 'reading'; source: string }
  | { kind: 'loaded'; source: string; title: string; steps: number; notes: ScenarioMigrationNote[] }
  | { kind: 'refused'; source: string; problems: ScenarioProblem[] }
  /** A real Flink `_metadata` (or Checkpoint Lab's own), not a scenario: said plainly, nothing loaded. */
  | { kind: 'flinkMetadata'; source: string; info: FlinkMetadataInfo }
  | null;

export interface ScenarioImport {
  status: ImportStatus;
  /**
   * Reads with `read` (a file, a download), then applies; resolves to the outcome, or to null
   * when a newer import or closing the view superseded it.
   */
  importFrom: (source: string, read: () => Promise<ParseResult>) => Promise<ImportStatus>;
  /** A file from the picker or a drop: a Flink `_metadata` is recognized first and handed to the inspector, if there is one. */
  importFile: (file: ScenarioFile & { slice?: Blob['slice'] }) => Promise<void>;
  importText: (text: string, source: string) => void;
  refuse: (source: string, problems: ScenarioProblem[]) => void;
}

/**
 * Loads a valid scenario; an exported file's `view` (step and UI actions) is checked first, then
 * replayed on the new recording as it streams in, so the file opens the same step of the same
 * branch as its sender. The running scenario never keeps the `view` (it describes one moment, not
 * the run). `later` is the status once the whole run is recorded (and the view replayed), or null
 * if another run replaced it first.
 */
function applyWithView(
  source: string,
  file: Scenario,
  notes: ScenarioMigrationNote[],
): { now: ImportStatus; later: Promise<ImportStatus> | null } {
  const { view: fileViewField, ...scenario } = file;
  let view: ShareView | null;
  try {
    view = readFileView(fileViewField);
  } catch (e) {
    return { now: { kind: 'refused', source, problems: [{ path: 'view', message: e instanceof Error ? e.message : String(e) }] }, later: null };
  }
  const applied = applyScenario(scenario);
  if (!applied.ok) return { now: { kind: 'refused', source, problems: applied.problems }, later: null };
  const loaded = (): ImportStatus => ({ kind: 'loaded', source, title: scenario.title, steps: useAppStore.getState().timeline.length, notes });
  const s = useAppStore.getState();
  const replayed = view ? applyShareView(view) : Promise.resolve();
  const later = replayed
    .then(() => s.whenRecorded())
    .then(
      (whole) => (whole ? loaded() : null),
      (e: unknown): ImportStatus => {
        if (e instanceof ViewSuperseded) return null;
        const why = e instanceof Error ? e.message : String(e);
        return { kind: 'refused', source, problems: [{ path: 'view', message: `the scenario is loaded at step 0, but its actions could not be replayed: ${why}` }] };
      },
    );
  // Without a view, "loaded" at once (the view counts the steps as they stream in); with one, once it is replayed.
  return { now: view ? { kind: 'reading', source } : loaded(), later };
}

export function useScenarioImport(): ScenarioImport {
  const [status, setStatus] = useState<ImportStatus>(null);
  const latest = useRef(0);
  useEffect(
    () => () => {
      // Closed while a file was being read: drop the result rather than change the run unseen.
      latest.current++;
    },
    [],
  );
  /**
   * Sets the status at once and again once the whole run is recorded; resolves to "loaded" at
   * once (the run streams in), or, for a file with a view, once the view is replayed.
   */
  const finish = (ticket: number, source: string, result: ParseResult): Promise<ImportStatus> => {
    if (ticket !== latest.current) return Promise.resolve(null);
    if (!result.ok) {
      const refused: ImportStatus = { kind: 'refused', source, problems: result.problems };
      setStatus(refused);
      return Promise.resolve(refused);
    }
    const { now, later } = applyWithView(source, result.scenario, result.notes ?? []);
    setStatus(now);
    if (!later) return Promise.resolve(now);
    const settled = later.then((next) => {
      if (ticket !== latest.current) return null;
      if (next) setStatus(next);
      return next;
    });
    return now?.kind === 'loaded' ? Promise.resolve(now) : settled;
  };
  const importFrom = async (source: string, read: () => Promise<ParseResult>) => {
    const ticket = ++latest.current;
    setStatus({ kind: 'reading', source });
    return finish(ticket, source, await read());
  };
  return {
    status,
    importFrom,
    importFile: async (file) => {
      const ticket = ++latest.current;
      setStatus({ kind: 'reading', source: file.name });
      let info: FlinkMetadataInfo | null = null;
      try {
        info = sniffMetadataHeader(await readHead(file));
      } catch {
        // Unreadable: readScenarioFile below says so.
      }
      if (ticket !== latest.current) return;
      if (info) {
        // The inspector of real checkpoints takes it where one is registered; otherwise say what it is.
        if (file instanceof Blob && handOffToInspector(file as Blob & { name: string }, info)) setStatus(null);
        else setStatus({ kind: 'flinkMetadata', source: file.name, info });
        return;
      }
      await importFrom(file.name, () => readScenarioFile(file));
    },
    importText: (text, source) => void finish(++latest.current, source, importScenarioText(text)),
    refuse: (source, problems) => {
      latest.current++;
      setStatus({ kind: 'refused', source, problems });
    },
  };
}
