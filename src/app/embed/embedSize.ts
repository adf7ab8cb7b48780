/**
 * The embedded simulator is laid out at this fixed size (CSS px) and the comparison page scales the
 * whole frame to its column's width: the views keep the simulator's own proportions, only smaller.
 */
export const EMBED_WIDTH = 820;
export const EMBED_HEIGHT = 980;
