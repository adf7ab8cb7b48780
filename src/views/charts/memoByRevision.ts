/**
 * Derived data of a recording, computed once per timeline revision. The Timeline object is
 * extended in place when the user branches, so its identity alone is not enough: the store's
 * `revision` changes whenever the recording does. Keeping the last result at module scope
 * (not in a component) means switching tabs does not derive again.
 */
import type { Timeline } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { selectContentKey } from '../../store/selectors';

export type DerivedOf<T> = (timeline: Timeline, revision: number) => T;

export function memoByRevision<T>(derive: (timeline: Timeline) => T): DerivedOf<T> {
  let last: { timeline: Timeline; revision: number; value: T } | null = null;
  return (timeline, revision) => {
    if (last && last.timeline === timeline && last.revision === revision) return last.value;
    const value = derive(timeline);
    last = { timeline, revision, value };
    return value;
  };
}

/** The derived data of the recording in the store (recomputed only when the recording changes). */
export function useDerived<T>(derived: DerivedOf<T>): T {
  const timeline = useAppStore((s) => s.timeline);
  const revision = useAppStore(selectContentKey);
  return derived(timeline, revision);
}
