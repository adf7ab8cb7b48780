/**
 * The file whose "why is it still alive" explanation is open (storage list, registry table). It
 * belongs to the scenario it was chosen in: loading another example or configuration closes it,
 * so a stale explanation of a file from the previous run is never shown (issue 14, bug 4).
 */
import { useState } from 'react';
import { useAppStore } from '../../store/appStore';
import type { Scenario } from '../../engine';

export function useExplainedFile(): [string | null, (path: string) => void] {
  const scenario = useAppStore((s) => s.scenario);
  const [chosen, setChosen] = useState<{ path: string; scenario: Scenario } | null>(null);
  const explained = chosen && chosen.scenario === scenario ? chosen.path : null;
  const toggle = (path: string) => setChosen(explained === path ? null : { path, scenario });
  return [explained, toggle];
}
