import { describe, expect, it } from 'vitest';
import { recordsDefaultRun } from './startupRun';
import { isCompareUrl } from '../app/compare/compareLink';
import { isEmbedUrl } from '../app/embed/embedLink';

describe('recordsDefaultRun', () => {
  it('is false exactly on the comparison page and in its embed frames, as the app tells them apart', () => {
    for (const search of ['', '?', '?compare', '?compare=backends&at=500', '?embed=1', '?embed=0', '?embed=1&lang=zh', '?lesson=2', '?x=compare', '?inspector=1']) {
      expect(recordsDefaultRun(search), search).toBe(!isCompareUrl(search) && !isEmbedUrl(search));
    }
    expect(recordsDefaultRun('')).toBe(true);
    expect(recordsDefaultRun('?compare=backends')).toBe(false);
    expect(recordsDefaultRun('?embed=1')).toBe(false);
  });
});
