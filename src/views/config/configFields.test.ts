import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/messages';
import { messagesZh as zh } from '../../i18n/zh/messages';
import { SCENARIO_FORMAT, parseScenario } from '../../engine';
import { CONFIG_FIELDS, fieldsFor } from './configFields';
import { draftOf, pathKey, setAt } from './draft';

function parseOk(input: unknown) {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(r.problems.map((p) => `${p.path}: ${p.message}`).join('; '));
  return r.scenario;
}

/** Lists of names that the form edits as one field (Flink's `;`-separated list options). */
const LIST_SETTINGS = new Set(['stateBackend.rocksdb.compressionPerLevel']);

/** Every leaf of a parsed scenario as a field path. */
function leaves(v: unknown, path: (string | number)[] = []): string[] {
  if (v === null || typeof v !== 'object' || LIST_SETTINGS.has(pathKey(path))) return [pathKey(path)];
  const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
  return entries.flatMap(([k, x]) => leaves(x, [...path, k]));
}

describe('configuration form fields', () => {
  it('edit operator state: union source offsets and broadcast rules set, and clearing the rules turns broadcast state off', () => {
    let d = draftOf(parseOk({ format: SCENARIO_FORMAT }));
    d = setAt(d, ['job', 'operatorState', 'sourceOffsets'], 'union');
    d = setAt(d, ['job', 'operatorState', 'broadcastRules', 'everyRecords'], 5);
    expect(parseOk(d).job.operatorState).toEqual({ sourceOffsets: 'union', broadcastRules: { everyRecords: 5 } });
    d = setAt(d, ['job', 'operatorState', 'broadcastRules', 'everyRecords'], undefined);
    expect(parseOk(d).job.operatorState).toEqual({ sourceOffsets: 'union' });
  });

  it('cover every setting of the scenario format except the format and the script', () => {
    const r = parseScenario({ format: SCENARIO_FORMAT, stateBackend: { type: 'rocksdb' } });
    if (!r.ok) throw new Error('defaults must parse');
    const settings = new Set([
      ...leaves(r.scenario),
      'job.maxParallelism',
      'job.operators[0].parallelism',
      'stateBackend.legacy',
      // Optional without a default: absent from a parsed scenario, edited all the same.
      'job.operatorState.sourceOffsets',
      'job.operatorState.broadcastRules.everyRecords',
      'job.network.recordsPerBuffer',
    ]);
    settings.delete('format');
    const fields = fieldsFor(draftOf(r.scenario)).map((f) => pathKey(f.path));
    expect(new Set(fields)).toEqual(settings);
    expect(fields.length).toBe(new Set(fields).size);
  });

  it('note what network buffers leave out, in both languages, only when records travel in buffers', () => {
    const field = CONFIG_FIELDS.find((f) => pathKey(f.path) === 'job.network.recordsPerBuffer')!;
    expect(field.note!.when(undefined)).toBe(false);
    expect(field.note!.when(1)).toBe(false);
    expect(field.note!.when(256)).toBe(true);
    expect(en[field.note!.text]).toMatch(/one step per buffer; per-record steps are not shown/);
    expect(zh[field.note!.text]).toMatch(/每个缓冲区一步/);
  });

  it('name options the schema accepts and labels that exist', () => {
    for (const f of CONFIG_FIELDS) {
      expect(en[f.label], f.label).toBeTruthy();
      for (const o of f.options ?? []) {
        const draft = { format: SCENARIO_FORMAT } as Record<string, unknown>;
        let node = draft;
        f.path.slice(0, -1).forEach((p) => (node = (node[p] = {}) as Record<string, unknown>));
        // '' is an enum's "not set" choice: ConfigFieldRow writes it as an omitted field.
        node[f.path.at(-1)!] = o === '' ? undefined : o;
        const problems = parseScenario(draft);
        const at = pathKey(f.path);
        expect(problems.ok || problems.problems.every((p) => p.path !== at), `${at} = ${o}`).toBe(
          true,
        );
      }
    }
  });
});
