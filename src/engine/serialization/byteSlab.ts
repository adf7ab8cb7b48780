/**
 * Small byte arrays cut from shared buffers. Every RocksDB state write stores a fresh key and
 * value (exact-size, immutable), and a fresh `Uint8Array` is an ArrayBuffer of its own: the scale
 * run made ~120,000 of them per 30 simulated seconds, each one malloc'd, tracked and later swept
 * by V8 (a worker's idle full collection spent 130 ms sweeping array buffers; the page replays
 * the same steps while it plays). Cut from a slab they are views, and a slab's ArrayBuffer is
 * one among hundreds of arrays.
 *
 * A working tool like DataOutputView, never engine state. A cut pins its slab, so only arrays
 * that live and die together belong here: memtable keys and values, which a flush copies into
 * the SST and drops. File contents never: IndexedDB and postMessage copy a view's whole buffer.
 */
export class ByteSlab {
  private slab = new Uint8Array(0);
  private used = 0;

  /**
   * @param slabBytes size of each shared buffer
   * @param maxCut larger arrays get a buffer of their own (a few would fill a slab)
   */
  constructor(
    private readonly slabBytes = 16 * 1024,
    private readonly maxCut = 256,
  ) {}

  /** An exact-size copy of `src[0, length)`, never changed again by anyone. */
  copyOf(src: Uint8Array, length: number): Uint8Array {
    if (length > this.maxCut) return src.slice(0, length);
    if (this.used + length > this.slab.length) {
      this.slab = new Uint8Array(this.slabBytes);
      this.used = 0;
    }
    const at = this.used;
    this.slab.set(src.subarray(0, length), at);
    this.used = at + length;
    return this.slab.subarray(at, at + length);
  }
}
