/** Mounts the glossary dialog while it is open; its code and texts load the first time (not in the first download). */
import { lazy, Suspense } from 'react';
import { useAppStore } from '../../store/appStore';

const GlossaryDialog = lazy(() => import('./GlossaryDialog').then((m) => ({ default: m.GlossaryDialog })));

export function GlossaryHost() {
  const open = useAppStore((s) => s.glossaryEntry !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <GlossaryDialog />
    </Suspense>
  );
}
