import { describe, expect, it } from 'vitest';
import { findTerms } from './termMatcher';
import { GLOSSARY_FACTS, GLOSSARY_IDS } from './glossaryTerms';
import { glossaryEn } from './glossaryTextEn';
import { glossaryZh } from './glossaryTextZh';

const linked = (text: string, lang: 'en' | 'zh') =>
  findTerms(text, lang).flatMap((p) => (typeof p === 'string' ? [] : [`${p.id}:${p.text}`]));

describe('findTerms', () => {
  it('links each entry once, at its first occurrence, and keeps the whole text', () => {
    const text = 'The DSTL uploads change set 3; the DSTL file holds change sets of two subtasks.';
    expect(linked(text, 'en')).toEqual(['dstl:DSTL', 'change-set:change set']);
    expect(findTerms(text, 'en').map((p) => (typeof p === 'string' ? p : p.text)).join('')).toBe(text);
  });

  it('prefers the longer term where two overlap, and tells NO_CLAIM from CLAIM and unaligned from aligned', () => {
    expect(linked('Restore in NO_CLAIM mode: the shared state registry keeps the files.', 'en')).toEqual([
      'restore-mode:NO_CLAIM',
      'shared-state-registry:shared state registry',
    ]);
    expect(linked('An unaligned checkpoint stores channel state.', 'en')).toEqual([
      'unaligned:unaligned checkpoint',
      'channel-state:channel state',
    ]);
  });

  it('matches acronyms by case only, words in any case', () => {
    expect(linked('Materialization m1 completes; sst files are lowercase here.', 'en')).toEqual([
      'materialization:Materialization',
    ]);
  });

  it('finds the Chinese terms', () => {
    expect(linked('非对齐：屏障越过输出队列中等待的 4 条记录，它们成为通道状态。', 'zh')).toEqual([
      'unaligned:非对齐',
      'barrier:屏障',
      'channel-state:通道状态',
    ]);
    expect(linked('物化完成后截断 DSTL。', 'zh')).toEqual(['materialization:物化', 'truncation:截断', 'dstl:DSTL']);
  });
});

describe('the glossary', () => {
  it('has a name and a definition in both languages, Flink names and existing related entries for every term', () => {
    for (const id of GLOSSARY_IDS) {
      expect(glossaryEn[id].definition.length, id).toBeGreaterThan(60);
      expect(glossaryZh[id].definition, id).toMatch(/[\u4e00-\u9fff]/);
      expect(GLOSSARY_FACTS[id].flink.length, id).toBeGreaterThan(0);
      for (const r of GLOSSARY_FACTS[id].related) {
        expect(GLOSSARY_IDS, `${id} → ${r}`).toContain(r);
        expect(r).not.toBe(id);
      }
    }
  });

  it('covers the terms the issue names', () => {
    for (const id of ['dstl', 'sqn', 'materialization', 'change-set', 'channel-state', 'key-group', 'max-parallelism', 'barrier', 'alignment', 'unaligned', 'subsumption', 'shared-state-registry', 'last-used-id', 'incremental', 'sst', 'memtable', 'compaction', 'savepoint', 'restore-mode', 'metadata', 'num-retained'])
      expect(GLOSSARY_IDS).toContain(id);
  });
});
