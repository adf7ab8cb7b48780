/**
 * Imports from the dialog (a picked or dropped file, pasted JSON): validate, then replace the
 * run only if the scenario is valid. A refused import leaves the store untouched and says what
 * is wrong and where; only the newest of overlapping imports (two quick drops) is applied.
 */
import { useEffect, useRef, useState } from 'react';
import type { ParseResult, ScenarioProblem } from '../../engine';
import { applyScenario } from '../../app/scenarioIo/applyScenario';
import { importScenarioText } from '../../app/scenarioIo/importScenarioText';
import { readScenarioFile, type ScenarioFile } from '../../app/scenarioIo/readScenarioFile';

export type ImportStatus =
  | { kind: 'reading'; source: string }
  | { kind: 'loaded'; source: string; title: string; steps: number }
  | { kind: 'refused'; source: string; problems: ScenarioProblem[] }
  | null;

export interface ScenarioImport {
  status: ImportStatus;
  importFile: (file: ScenarioFile) => Promise<void>;
  importText: (text: string, source: string) => void;
  refuse: (source: string, problems: ScenarioProblem[]) => void;
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
  const finish = (ticket: number, source: string, result: ParseResult) => {
    if (ticket !== latest.current) return;
    if (!result.ok) {
      setStatus({ kind: 'refused', source, problems: result.problems });
      return;
    }
    const applied = applyScenario(result.scenario);
    setStatus(
      applied.ok
        ? { kind: 'loaded', source, title: result.scenario.title, steps: applied.steps }
        : { kind: 'refused', source, problems: applied.problems },
    );
  };
  return {
    status,
    importFile: async (file) => {
      const ticket = ++latest.current;
      setStatus({ kind: 'reading', source: file.name });
      finish(ticket, file.name, await readScenarioFile(file));
    },
    importText: (text, source) => finish(++latest.current, source, importScenarioText(text)),
    refuse: (source, problems) => {
      latest.current++;
      setStatus({ kind: 'refused', source, problems });
    },
  };
}
