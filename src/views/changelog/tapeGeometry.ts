/** The DSTL tape's geometry and shared pieces: sizes and positions, the checkpoint fills, the texts and options it is drawn with, the sequence-number scale. */
import { scaleLinear, type ScaleLinear, type Selection } from 'd3';
import type { DstlTapeModel, TapeCell } from './dstlTape';

export const TAPE_HEIGHT = 100;
/** Narrowest cell: a three-digit change set number in 13px bold still fits. */
export const MIN_CELL = 28;
/** Widest cell: a short log on a wide screen stays a tape, not a row of slabs. */
export const MAX_CELL = 60;
export const PAD = 2;
export const TOP_TEXT_Y = 12;
export const BRACKET_Y = 19;
export const CELL_Y = 25;
export const CELL_H = 30;
export const BAR_Y = 58;
export const BAR_H = 16;
export const BOTTOM_TEXT_Y = 92;
export const MARKER_TOP = 16;
export const MARKER_BOTTOM = 80;
export const DURATION_MS = 450;
/** Font size of the tape's labels (changelog.css says the same). */
export const LABEL_PX = 12;

/** Light fills so dark numbers stay readable; consecutive checkpoint ids get different ones. */
export const CHECKPOINT_FILLS = [
  '#a5d8ff',
  '#ffd8a8',
  '#b2f2bb',
  '#eebefa',
  '#ffec99',
  '#99e9f2',
  '#ffc9c9',
  '#d0bfff',
];

export function checkpointFill(checkpointId: number | null): string {
  if (checkpointId === null) return '#ffffff';
  return CHECKPOINT_FILLS[
    (checkpointId - 1 + CHECKPOINT_FILLS.length * 1000) % CHECKPOINT_FILLS.length
  ]!;
}

export interface TapeText {
  cut: string;
  cutTitle: (sqn: number) => string;
  syncPoint: (id: number) => string;
  running: (id: number) => string;
  olderTitle: (n: number) => string;
  checkpoint: (id: number) => string;
  /** The whole description of a change set, for its accessible name. */
  describe: (cell: TapeCell) => string;
  fileLabel: (file: string) => string;
  fileTitle: (file: string) => string;
}

export interface TapeOptions {
  width: number;
  reducedMotion: boolean;
  onFocus: (sqn: number | null) => void;
}

export type G = Selection<SVGGElement, unknown, null, undefined>;

export function layer(root: G, name: string): G {
  const found = root.select<SVGGElement>(`g.${name}`);
  return found.empty() ? root.append('g').attr('class', name) : found;
}

/** The x scale: one slot per visible sequence number, plus one for the "+N older" sign. */
export function tapeScale(model: DstlTapeModel, width: number): ScaleLinear<number, number> {
  const first = model.start - (model.hiddenOlder > 0 ? 1 : 0);
  const slots = Math.max(1, model.end - first);
  const cell = Math.max(Math.min((width - 2 * PAD) / slots, MAX_CELL), 1);
  return scaleLinear()
    .domain([first, model.end])
    .range([PAD, PAD + slots * cell]);
}

export function visibleOnTape(model: DstlTapeModel, sqn: number): boolean {
  return sqn >= model.start && sqn <= model.end;
}

export function cutVisible(model: DstlTapeModel): boolean {
  return model.lowest > 0 && visibleOnTape(model, model.lowest);
}
