// Share links (#scenario=…) that are too long, not base64url, damaged or carrying a bad scenario:
// the length is checked before anything is decoded, and every refusal says what is wrong.
import { describe, expect, it } from 'vitest';
import { encodeBase64url } from '../../src/app/scenarioIo/base64url';
import { MAX_SHARE_HASH_CHARS } from '../../src/app/scenarioIo/limits';
import { encodeShareHash, readShareHash, shareUrl } from '../../src/app/scenarioIo/shareLink';
import { DEFAULT_SCENARIO, parseScenario } from '../../src/engine';
import { snappyCompressBlock } from '../../src/engine/codec/snappyBlock';
import { FORMAT, problemsOf } from './problems';

const hashOf = (text: string) => `#scenario=${encodeBase64url(new TextEncoder().encode(text))}`;
const read = (hash: string) => {
  const r = readShareHash(hash);
  if (!r) throw new Error('not read as a share link');
  return problemsOf(r);
};

describe('share link round trip', () => {
  it('carries a scenario exactly, compressed when that is shorter', () => {
    const withScript = parseScenario({
      format: FORMAT,
      title: 'Lesson 3 — 增量检查点',
      script: Array.from({ length: 30 }, (_, i) => ({
        atMs: i * 100,
        do: 'emit',
        records: [{ key: `k${i}`, value: i }],
      })),
    });
    if (!withScript.ok) throw new Error('fixture');
    for (const s of [DEFAULT_SCENARIO, withScript.scenario]) {
      const back = readShareHash(encodeShareHash(s));
      expect(back?.ok && back.scenario).toEqual(s);
    }
    expect(encodeShareHash(withScript.scenario)).toMatch(/^#scenario=snappy\.[A-Za-z0-9_-]+$/);
  });

  it('builds the link on the page address, replacing any hash it had', () => {
    const url = shareUrl(DEFAULT_SCENARIO, 'http://127.0.0.1:4173/lab/?x=1#scenario=old');
    expect(url.startsWith('http://127.0.0.1:4173/lab/?x=1#scenario=')).toBe(true);
    expect(url).not.toContain('old');
  });

  it('ignores hashes that are not share links', () => {
    expect(readShareHash('')).toBeNull();
    expect(readShareHash('#help')).toBeNull();
  });
});

describe('malformed share links', () => {
  it('refuses a hash over the limit before decoding it', () => {
    const hash = `#scenario=${'!'.repeat(MAX_SHARE_HASH_CHARS)}`;
    expect(read(hash)).toEqual([
      `(share link): the link's scenario part is ${hash.length.toLocaleString('en')} characters; a share link may carry at most 65,536 (share a longer scenario as a file)`,
    ]);
  });

  it('refuses text that is not base64url, naming the character and its position', () => {
    expect(read('#scenario=eyJmb3Jt<script>')).toEqual([
      '(share link): not base64url: character "<" at position 9 (only A–Z, a–z, 0–9, "-" and "_" may appear)',
    ]);
    expect(read('#scenario=ab+/')).toEqual([
      '(share link): not base64url: character "+" at position 3 (only A–Z, a–z, 0–9, "-" and "_" may appear)',
    ]);
    expect(read('#scenario=abcde')).toEqual([
      '(share link): not base64url: 5 characters cannot encode whole bytes (the link was probably cut off)',
    ]);
    expect(read('#scenario=')).toEqual([
      '(share link): the link carries no scenario after "#scenario="',
    ]);
  });

  it('refuses a damaged or oversized compressed scenario', () => {
    expect(read('#scenario=snappy.AAAA')[0]).toMatch(
      /^\(share link\): the compressed scenario is damaged \(/,
    );
    // A block declaring 100 MB of output is refused from its header, before decompressing.
    const bomb = encodeBase64url(new Uint8Array([0x80, 0x80, 0x80, 0x32, 0x00]));
    expect(read(`#scenario=snappy.${bomb}`)).toEqual([
      '(share link): the compressed scenario is damaged (uncompressed length 104857600 exceeds 2097152); a scenario may be at most 2 MB',
    ]);
    const truncated = encodeBase64url(
      snappyCompressBlock(new TextEncoder().encode(JSON.stringify(DEFAULT_SCENARIO))).subarray(
        0,
        40,
      ),
    );
    expect(read(`#scenario=snappy.${truncated}`)[0]).toMatch(
      /^\(share link\): the compressed scenario is damaged/,
    );
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(read(`#scenario=${encodeBase64url(new Uint8Array([0x7b, 0xfe, 0x7d]))}`)).toEqual([
      '(share link): not UTF-8 text: byte 0xFE at byte offset 1 does not belong to a valid UTF-8 sequence',
    ]);
  });

  it('reports JSON and field problems of the scenario inside, with line/column or field path', () => {
    expect(read(hashOf(`{"format":"${FORMAT}"} trailing`))).toEqual([
      expect.stringMatching(/^\(document\): not valid JSON at line 1, column 40: /),
    ]);
    expect(read(hashOf(JSON.stringify({ format: FORMAT, job: { parallelism: 'NaN' } })))).toEqual([
      'job.parallelism: expected a number, got "NaN"',
    ]);
    expect(read(hashOf(`{"format":"${FORMAT}","__proto__":{"x":1}}`))).toEqual([
      '(document): unknown field "__proto__" (allowed here: format, title, seed, job, storage, stateBackend, checkpointing, script, untilMs, view)',
    ]);
    expect(read(hashOf(''))).toEqual([
      '(share link): the link carries no scenario after "#scenario="',
    ]);
  });
});
