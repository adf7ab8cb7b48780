// The language catalog as the app meets it: nothing loaded at first (the test setup's loads are
// undone by importing a fresh copy of the module), each language loaded on demand.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCENARIO, Timeline } from '../engine';
import type * as CatalogModule from './catalog';
import type * as EventTextModule from './eventText';

let catalog: typeof CatalogModule;
let eventText: typeof EventTextModule;
beforeEach(async () => {
  vi.resetModules();
  catalog = await import('./catalog');
  eventText = await import('./eventText');
});

const firstEvent = Timeline.record(DEFAULT_SCENARIO).records()[1]!.events[0]!;

describe('language catalog', () => {
  it('refuses a language that is not loaded yet instead of showing keys or blanks', () => {
    expect(catalog.isLanguageLoaded('zh')).toBe(false);
    expect(() => catalog.translate('zh', 'play')).toThrow(/loadLanguage\('zh'\)/);
    expect(() => eventText.describeEvent(firstEvent, 'en')).toThrow(/loadLanguage\('en'\)/);
  });

  it('loads one language without the other', async () => {
    await catalog.loadLanguage('zh');
    expect(catalog.isLanguageLoaded('zh')).toBe(true);
    expect(catalog.isLanguageLoaded('en')).toBe(false);
    expect(catalog.translate('zh', 'play')).toBe('播放');
    expect(catalog.translate('zh', 'presenterStep', { n: 7 })).toBe('第 7 步');
    expect(eventText.describeEvent(firstEvent, 'zh')).toMatch(/[\u4e00-\u9fff]/);
    expect(() => catalog.translate('en', 'play')).toThrow();
  });

  it('shares one download between concurrent loads and answers at once when loaded', async () => {
    const a = catalog.loadLanguage('en');
    expect(catalog.loadLanguage('en')).toBe(a);
    await a;
    expect(catalog.translate('en', 'presenterStep', { n: 7 })).toBe('Step 7');
    expect(eventText.describeEvent(firstEvent, 'en')).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
