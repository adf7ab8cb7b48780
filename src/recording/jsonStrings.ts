/**
 * Short strings out of JSON.parse, and why the page copies them (keyframeDecode.ts for keyframes,
 * stepsText.ts for a chunk's steps).
 */

/**
 * V8's JSON.parse internalizes every string value up to this many characters (as it does keys):
 * puts it in the isolate's string table, which every major garbage collection then walks. A late
 * keyframe of the scale run holds about two million such strings (its sink transactions' records:
 * origins like "p3:g12045", keys like "k81107"), a million of them distinct; after ten far seeks,
 * the page's major collections spent 60–80 ms on that table alone (`--trace-gc-nvp`:
 * `evacuate.update_pointers.to_new_roots`; 4–7 ms without the seeks), each a long task while
 * playing. Measured in Node on two million 10-character values: 20 ms of each major collection,
 * 1.5 ms once they were replaced by copies (`fresh`), 11-character values not internalized at all.
 */
export const JSON_INTERNALIZES_UP_TO = 10;

/** A copy of `s` that is not internalized (concatenation, then a substring of under 13 characters, copies). */
export const fresh = (s: string): string => (s + ' ').slice(0, -1);
