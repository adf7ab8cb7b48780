/** Shared by the malformed-input tests: results as "path: message" lines, the form people read. */
import type { ParseResult } from '../../src/engine';

export function problemsOf(r: ParseResult): string[] {
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
}

export const FORMAT = 'checkpoint-lab/scenario@1';

/** A stand-in for a File: records whether the bytes were ever read. */
export function fakeFile(name: string, content: Uint8Array | string, size?: number) {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const file = {
    name,
    size: size ?? bytes.length,
    reads: 0,
    arrayBuffer: async () => {
      file.reads++;
      return bytes.buffer.slice(
        bytes.byteOffset,
        bytes.byteOffset + bytes.byteLength,
      ) as ArrayBuffer;
    },
  };
  return file;
}
