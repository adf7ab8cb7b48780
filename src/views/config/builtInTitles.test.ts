// Chinese mode shows no English scenario title for the built-in scenario or an example file.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../engine';
import { messagesZh } from '../../i18n/zh/messages';
import { BUILT_IN_TITLES, shownTitle } from './builtInTitles';

const zh = (key: string, params?: Record<string, unknown>) =>
  (messagesZh as Record<string, string>)[key]!.replace(/\{(\w+)\}/g, (_, k: string) => String(params?.[k]));

describe('built-in scenario titles', () => {
  const dir = new URL('../../../scenarios/', import.meta.url);
  const titles = [
    DEFAULT_SCENARIO.title,
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => (JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as { title: string }).title),
  ];

  it('has a Chinese title for the built-in scenario and every example file', () => {
    for (const title of titles) {
      expect(BUILT_IN_TITLES[title], title).toBeDefined();
      const shown = shownTitle(title, 'zh', zh as never);
      expect(shown).not.toBe(title);
      expect(shown).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('keeps the written title in English and for a renamed scenario', () => {
    expect(shownTitle(DEFAULT_SCENARIO.title, 'en', zh as never)).toBe(DEFAULT_SCENARIO.title);
    expect(shownTitle('My class, take 2', 'zh', zh as never)).toBe('My class, take 2');
  });
});
