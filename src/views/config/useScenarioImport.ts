/**
 * Imports from the dialog (a picked or dropped file, pasted JSON) and the Examples gallery:
 * validate, then replace the run only if the scenario is valid. A refused import leaves the store
 * untouched and says what is wrong and where; only the newest of overlapping imports (two quick
 * drops, two quick picks) is applied.
 */
import { useEffect, useRef, useState } from 'react';
import type { ParseResult, Scenario, ScenarioMigrationNote, ScenarioProblem } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { applyShareView, readFileView, type ShareView } from '../../app/scenarioIo/shareView';
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
 * replayed on the new recording, so the file opens the same step of the same branch as its sender.
 * The running scenario never keeps the `view` (it describes one moment, not the run).
 */
function applyWithView(source: string, file: Scenario, notes: ScenarioMigrationNote[]): ImportStatus {
  const { view: fileViewField, ...scenario } = file;
  let view: ShareView | null;
  try {
    view = readFileView(fileViewField);
  } catch (e) {
    return { kind: 'refused', source, problems: [{ path: 'view', message: e instanceof Error ? e.message : String(e) }] };
  }
  const applied = applyScenario(scenario, { inThread: view !== null });
  if (!applied.ok) return { kind: 'refused', source, problems: applied.problems };
  if (view) {
    try {
      applyShareView(view);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      return { kind: 'refused', source, problems: [{ path: 'view', message: `the scenario is loaded at step 0, but its actions could not be replayed: ${why}` }] };
    }
  }
  return { kind: 'loaded', source, title: scenario.title, steps: useAppStore.getState().timeline.length, notes };
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
  const finish = (ticket: number, source: string, result: ParseResult): ImportStatus => {
    if (ticket !== latest.current) return null;
    let next: ImportStatus;
    if (!result.ok) {
      next = { kind: 'refused', source, problems: result.problems };
    } else {
      next = applyWithView(source, result.scenario, result.notes ?? []);
    }
    setStatus(next);
    return next;
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
    importText: (text, source) => finish(++latest.current, source, importScenarioText(text)),
    refuse: (source, problems) => {
      latest.current++;
      setStatus({ kind: 'refused', source, problems });
    },
  };
}
