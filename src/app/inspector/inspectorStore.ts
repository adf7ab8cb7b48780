/**
 * The inspector mode: whether it is shown (the address says `?inspect`, so it is a link), and
 * what was opened in it. Kept apart from the simulator's store: nothing here is part of a run.
 */
import { create } from 'zustand';
import { inspectFolder, type FolderReport } from '../../inspector/folder';
import type { MessageKey } from '../../i18n/messages';
import { PickError, toFolderInput, type PickedFile } from './pickedFiles';

export type InspectorStatus =
  | { kind: 'idle' }
  | { kind: 'reading'; name: string }
  | { kind: 'failed'; key: MessageKey; params: Record<string, string | number> }
  | { kind: 'ready'; name: string; report: FolderReport; /** Which opening this is (a new one starts its view afresh). */ id: number };

interface InspectorState {
  shown: boolean;
  status: InspectorStatus;
  show: () => void;
  hide: () => void;
  /** Reads what was picked or dropped; a newer call supersedes an older one still reading. */
  openPicked: (picked: PickedFile[] | Promise<PickedFile[]>, name?: string) => Promise<void>;
}

export const INSPECT_PARAM = 'inspect';

function writeAddress(shown: boolean): void {
  if (typeof window === 'undefined') return;
  const params = new URLSearchParams(window.location.search);
  if (shown) params.set(INSPECT_PARAM, '');
  else params.delete(INSPECT_PARAM);
  const search = params.toString().replace(/=(&|$)/g, '$1');
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`);
}

/** Whether the address asks for the inspector (`?inspect`). */
export function inspectorRequested(search: string): boolean {
  return new URLSearchParams(search).has(INSPECT_PARAM);
}

let ticket = 0;

export const useInspector = create<InspectorState>((set) => ({
  shown: typeof window !== 'undefined' && inspectorRequested(window.location.search),
  status: { kind: 'idle' },
  show: () => {
    writeAddress(true);
    set({ shown: true });
  },
  hide: () => {
    writeAddress(false);
    set({ shown: false });
  },
  openPicked: async (pickedOrPromise, name) => {
    const mine = ++ticket;
    set({ status: { kind: 'reading', name: name ?? '' } });
    let status: InspectorStatus;
    try {
      const picked = await pickedOrPromise;
      const { input, name: opened } = await toFolderInput(picked, name);
      status = { kind: 'ready', name: opened, report: inspectFolder(input), id: mine };
    } catch (e) {
      if (e instanceof PickError) {
        const key: MessageKey = e.code === 'noMetadata' ? 'insNoMetadata' : e.code === 'tooLarge' ? 'insTooLarge' : 'insReadFailed';
        status = { kind: 'failed', key, params: e.code === 'tooMany' ? { name: name ?? '', why: `more than ${e.params.max} files` } : e.params };
      } else {
        status = { kind: 'failed', key: 'insReadFailed', params: { name: name ?? '', why: e instanceof Error ? e.message : String(e) } };
      }
    }
    if (mine === ticket) set({ status });
  },
}));
