/** Which checkpoint's drill-down is open (null: none), and the element to give focus back to. */
import { create } from 'zustand';

interface DetailState {
  openId: number | null;
  returnFocus: HTMLElement | null;
  open: (id: number, from?: HTMLElement | null) => void;
  close: () => void;
}

export const useCheckpointDetail = create<DetailState>((set, get) => ({
  openId: null,
  returnFocus: null,
  open: (id, from) => set({ openId: id, returnFocus: from ?? (document.activeElement as HTMLElement | null) }),
  close: () => {
    const back = get().returnFocus;
    set({ openId: null, returnFocus: null });
    back?.focus();
  },
}));
