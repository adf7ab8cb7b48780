/**
 * The configuration form's state: a draft of the running scenario, what the user typed into
 * each field, and the validation of the draft on every change. Apply re-records the run from
 * the draft; a new scenario in the store (applied, imported) starts a new draft.
 */
import { useMemo, useState } from 'react';
import type { Scenario, ScenarioProblem } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';
import { applyScenario } from '../../app/scenarioIo/applyScenario';
import type { ConfigField, Draft } from './configFields';
import {
  checkDraft,
  draftOf,
  pathKey,
  readFieldText,
  resetToDefaults,
  setAt,
  type DraftCheck,
} from './draft';

export type ApplyStatus =
  | { kind: 'applied'; steps: number; scenario: Scenario; /** The title was marked edited. */ marked: boolean }
  | { kind: 'failed'; problems: ScenarioProblem[] }
  | null;

export interface ScenarioDraft {
  draft: Draft;
  /** Text typed into a field that differs from the draft's value (a number being typed, a non-number). */
  typed: ReadonlyMap<string, string>;
  check: DraftCheck;
  /** The draft differs from the running scenario. */
  changed: boolean;
  canApply: boolean;
  status: ApplyStatus;
  setText: (field: ConfigField, text: string) => void;
  setValue: (field: ConfigField, value: unknown) => void;
  apply: () => void;
  resetDefaults: () => void;
  revert: () => void;
}

/** Marks, once, that a title describes a run whose configuration was changed (English or Chinese mark). */
export function markEdited(title: string, mark: string): string {
  return / \(edited\)$|（已修改）$/.test(title) ? title : `${title}${mark}`;
}

export function useScenarioDraft(): ScenarioDraft {
  const t = useT();
  const scenario = useAppStore((s) => s.scenario);
  const [base, setBase] = useState<Scenario>(scenario);
  const [draft, setDraft] = useState<Draft>(() => draftOf(scenario));
  const [typed, setTyped] = useState<ReadonlyMap<string, string>>(new Map());
  const [own, setOwn] = useState<ReadonlyMap<string, 'empty' | 'notNumber'>>(new Map());
  const [status, setStatus] = useState<ApplyStatus>(null);
  // A new scenario in the store (this form applied it, or an import did): edit that one now.
  if (scenario !== base) {
    setBase(scenario);
    setDraft(draftOf(scenario));
    setTyped(new Map());
    setOwn(new Map());
    // "Applied" stays shown for the scenario this form applied, not for a later import.
    if (status?.kind !== 'applied' || status.scenario !== scenario) setStatus(null);
  }

  const ownProblems = useMemo(
    () =>
      [...own].map(([path, kind]): ScenarioProblem => ({
        path,
        message: t(kind === 'empty' ? 'cfgEmptyNumber' : 'cfgNotNumber', {
          text: typed.get(path) ?? '',
        }),
      })),
    [own, typed, t],
  );
  const check = useMemo(
    () => checkDraft(draft, ownProblems, scenario),
    [draft, ownProblems, scenario],
  );
  const changed = useMemo(
    () => !check.result.ok || JSON.stringify(check.result.scenario) !== JSON.stringify(scenario),
    [check, scenario],
  );
  const canApply = check.problems.length === 0 && check.result.ok && changed;

  const edit = (next: Draft) => {
    setDraft(next);
    setStatus(null);
  };
  const setText = (field: ConfigField, text: string) => {
    const key = pathKey(field.path);
    const read = readFieldText(field, text);
    setTyped((m) => new Map(m).set(key, text));
    setOwn((m) => {
      const next = new Map(m);
      if (read.kind === 'value') next.delete(key);
      else next.set(key, read.kind);
      return next;
    });
    // Text that is no number goes into the draft as text, so the schema refuses the draft as well.
    edit(setAt(draft, field.path, read.kind === 'value' ? read.value : text));
  };
  const setValue = (field: ConfigField, value: unknown) => edit(setAt(draft, field.path, value));
  const restart = (next: Draft) => {
    setTyped(new Map());
    setOwn(new Map());
    edit(next);
  };
  return {
    draft,
    typed,
    check,
    changed,
    canApply,
    status,
    setText,
    setValue,
    apply: () => {
      if (!canApply || !check.result.ok) return;
      // The configuration changed but the title did not: it still describes the old run, so it
      // is marked edited (the user can rename it in the title field).
      const marked = check.result.scenario.title === scenario.title;
      const applied = marked
        ? { ...check.result.scenario, title: markEdited(scenario.title, t('cfgEditedMark')) }
        : check.result.scenario;
      const r = applyScenario(applied);
      setStatus(
        r.ok
          ? { kind: 'applied', steps: r.steps, scenario: applied, marked }
          : { kind: 'failed', problems: r.problems },
      );
    },
    resetDefaults: () => restart(resetToDefaults(draft)),
    revert: () => restart(draftOf(scenario)),
  };
}
