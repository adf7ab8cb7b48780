/**
 * The REST statistics a user pasted or dropped into the inspector (§4): the last ones that read
 * well, and the error of the last attempt. A failed attempt keeps what was shown before, so a
 * malformed file never blanks the view. Kept apart from the simulator's store: nothing here is part of a run.
 */
import { create } from 'zustand';
import { MAX_REST_TEXT_BYTES, parseRestCheckpoints, type RestStatistics } from '../../inspector/rest/restCheckpoints';

export interface LoadedRest {
  /** Where it came from: a file's name, or null for pasted text. */
  name: string | null;
  stats: RestStatistics;
  /** Which loading this is (a new one starts its view afresh). */
  id: number;
}

interface RestStatsState {
  loaded: LoadedRest | null;
  error: { name: string | null; message: string } | null;
  /** The paste box's text (kept while switching tabs). */
  text: string;
  setText: (text: string) => void;
  /** Reads the text; true when it was checkpoint statistics (then shown), false with `error` set. */
  load: (text: string, name: string | null) => boolean;
  /** Reads a picked or dropped file as text, then as `load`. */
  loadFile: (file: File) => Promise<boolean>;
}

let loads = 0;

export const useRestStats = create<RestStatsState>((set, get) => ({
  loaded: null,
  error: null,
  text: '',
  setText: (text) => set({ text }),
  load: (text, name) => {
    const r = parseRestCheckpoints(text);
    if (!r.ok) {
      set({ error: { name, message: r.error } });
      return false;
    }
    set({ loaded: { name, stats: r.value, id: ++loads }, error: null });
    return true;
  },
  loadFile: async (file) => {
    // Refused before reading: a wrong file of gigabytes must not be read into memory.
    if (file.size > MAX_REST_TEXT_BYTES) {
      set({ error: { name: file.name, message: `the file is ${file.size} bytes; at most ${MAX_REST_TEXT_BYTES} are read` } });
      return false;
    }
    let text: string;
    try {
      text = await file.text();
    } catch (e) {
      set({ error: { name: file.name, message: e instanceof Error ? e.message : String(e) } });
      return false;
    }
    return get().load(text, file.name);
  },
}));
