// Malformed files through the import path the dialog uses (readScenarioFile): sizes are refused
// before a byte is read, bytes must be UTF-8, and whatever reaches the parser is refused with
// the field path or the JSON line and column.
import { describe, expect, it } from 'vitest';
import { readScenarioFile } from '../../src/app/scenarioIo/readScenarioFile';
import { MAX_IMPORT_BYTES } from '../../src/app/scenarioIo/limits';
import { FORMAT, fakeFile, problemsOf } from './problems';

const valid = JSON.stringify({ format: FORMAT, title: 'From a file' });
const read = async (name: string, content: Uint8Array | string, size?: number) => {
  const file = fakeFile(name, content, size);
  const result = await readScenarioFile(file);
  return { file, result, problems: problemsOf(result) };
};

describe('sizes', () => {
  it('refuses a 10 MB file from its size, without reading it', async () => {
    const { file, problems } = await read('huge.json', new Uint8Array(0), 10 * 1024 * 1024);
    expect(problems).toEqual([
      '(document): the file is 10.0 MB; a scenario file may be at most 2 MB',
    ]);
    expect(file.reads).toBe(0);
  });

  it('refuses a real 10 MB file of valid-looking JSON the same way', async () => {
    const big = `{"format":"${FORMAT}","title":"${'x'.repeat(10 * 1024 * 1024)}"}`;
    const { file, problems } = await read('big.json', big);
    expect(problems).toEqual([
      '(document): the file is 10.0 MB; a scenario file may be at most 2 MB',
    ]);
    expect(file.reads).toBe(0);
  });

  it('accepts a file of exactly the limit as far as size goes', async () => {
    const padded = valid + ' '.repeat(MAX_IMPORT_BYTES - valid.length);
    const { result } = await read('limit.json', padded);
    expect(result.ok).toBe(true);
  });

  it('refuses an empty file', async () => {
    expect((await read('empty.json', '')).problems).toEqual(['(document): the file is empty']);
    expect((await read('blank.json', ' \n\t\n')).problems).toEqual([
      '(document): empty: there is no JSON here (a scenario is an object starting with "{")',
    ]);
  });
});

describe('encodings', () => {
  it('accepts a UTF-8 byte order mark', async () => {
    const { result } = await read(
      'bom.json',
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(valid)]),
    );
    expect(result.ok && result.scenario.title).toBe('From a file');
  });

  it('refuses UTF-16 with what to do', async () => {
    const { problems } = await read('utf16.json', new Uint8Array([0xff, 0xfe, 0x7b, 0x00]));
    expect(problems).toEqual([
      '(document): the text is UTF-16 (byte order mark 0xFF 0xFE); save the scenario as UTF-8',
    ]);
  });

  it('refuses invalid UTF-8 with the byte offset instead of replacing it', async () => {
    const bytes = new TextEncoder().encode(`{"format":"${FORMAT}","title":"caf??"}`);
    const at = bytes.indexOf(0x3f);
    bytes[at] = 0xc3; // a lead byte followed by "?" (not a continuation byte)
    expect((await read('latin.json', bytes)).problems).toEqual([
      `(document): not UTF-8 text: byte 0xC3 at byte offset ${at} does not belong to a valid UTF-8 sequence`,
    ]);
    expect((await read('ff.json', new Uint8Array([0x7b, 0xff, 0x7d]))).problems).toEqual([
      '(document): not UTF-8 text: byte 0xFF at byte offset 1 does not belong to a valid UTF-8 sequence',
    ]);
    // An overlong "/" and a UTF-16 surrogate encoded as UTF-8 are not UTF-8 either.
    expect(
      (await read('overlong.json', new Uint8Array([0x7b, 0xc0, 0xaf, 0x7d]))).problems[0],
    ).toMatch(/byte 0xC0 at byte offset 1/);
    expect(
      (await read('surrogate.json', new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]))).problems[0],
    ).toMatch(/byte 0xED at byte offset 1/);
  });

  it('reads multi-byte UTF-8 (Chinese titles) as it is', async () => {
    const { result } = await read(
      'zh.json',
      JSON.stringify({ format: FORMAT, title: '增量检查点 🚀' }),
    );
    expect(result.ok && result.scenario.title).toBe('增量检查点 🚀');
  });
});

describe('broken JSON', () => {
  it('points at trailing garbage by line and column', async () => {
    expect((await read('trail.json', `${valid}\n\nxyz`)).problems).toEqual([
      expect.stringMatching(/^\(document\): not valid JSON at line 3, column 1: /),
    ]);
  });

  it('refuses 10,000 levels of nesting before parsing, with the position', async () => {
    const deep = `{"format":"${FORMAT}","title":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect((await read('deep.json', deep)).problems).toEqual([
      '(document): nesting deeper than 32 levels at line 1, column 78',
    ]);
    // Unbalanced too: the engine's syntax-error locator would stop at 512 levels; this is found first.
    expect((await read('deep-broken.json', `[${'{"a":'.repeat(10_000)}`)).problems).toEqual([
      '(document): nesting deeper than 32 levels at line 1, column 157',
    ]);
  });

  it('ignores brackets inside strings when counting nesting', async () => {
    const { result } = await read(
      'brackets.json',
      JSON.stringify({ format: FORMAT, title: '['.repeat(60) + '\\"{'.repeat(40) }),
    );
    expect(result.ok).toBe(true);
  });
});

describe('fields', () => {
  it('names the field of a valid JSON file that is not a valid scenario', async () => {
    const { problems } = await read(
      'bad.json',
      JSON.stringify({ format: FORMAT, checkpointing: { maxConcurrent: 0 } }),
    );
    expect(problems).toEqual(['checkpointing.maxConcurrent: must be at least 1, got 0']);
  });

  it('keeps HTML in a title as text and refuses it as a task name', async () => {
    const title = '<img src=x onerror=alert(1)>';
    const ok = await read('html.json', JSON.stringify({ format: FORMAT, title }));
    expect(ok.result.ok && ok.result.scenario.title).toBe(title);
    const bad = await read(
      'task.json',
      JSON.stringify({
        format: FORMAT,
        script: [{ atMs: 1, do: 'decline', task: '<script>x</script>' }],
      }),
    );
    expect(bad.problems).toEqual([
      'script[0].task: a task name is <operator>#<subtaskIndex>, e.g. "count#0"',
    ]);
  });

  it('refuses prototype-pollution keys and pollutes nothing', async () => {
    const { problems } = await read(
      'proto.json',
      `{"format":"${FORMAT}","stateBackend":{"__proto__":{"type":"rocksdb"}}}`,
    );
    expect(problems).toEqual([
      'stateBackend: unknown field "__proto__" (allowed here: type, legacy, checkpointStorage, maxStateSizeBytes, incremental, changelog, rocksdb, snapshotCompression, localRecovery)',
    ]);
    expect(({} as { type?: unknown }).type).toBeUndefined();
  });
});
