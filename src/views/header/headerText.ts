/**
 * The text the header shows in a language, for its glyphs to be loaded before it is drawn. The
 * Chinese face comes in ~100 unicode-range subsets that a browser fetches only once their
 * characters are on screen, so without this the header is first laid out in a fallback (or a
 * missing-glyph box) and then again when Noto Sans SC arrives: the storage pill changed width
 * by 13 px and every button left of it moved (issue 14). The language switch and a Chinese first
 * render wait for these glyphs (app/fonts/loadFonts.ts, fontsForText).
 */
import { translate } from '../../i18n/catalog';
import type { Lang } from '../../i18n/language';
import type { MessageKey } from '../../i18n/messages';
import { shownTitle } from '../config/builtInTitles';
import { STATUS_LABELS } from '../persistence/persistenceLabels';

/** Drawn in the regular weight: the tagline, the buttons, the scenario chip, every status the pill can show. */
const REGULAR_KEYS: readonly MessageKey[] = [
  'appTagline',
  'lessonHeaderButton',
  'insHeaderButton',
  'cmpHeaderButton',
  'exButton',
  'configuration',
  'persistSeparateTag',
  ...Object.values(STATUS_LABELS),
];

/** The header's text in `lang` (its strings must be loaded), by the weight it is drawn in (the title is bold). */
export function headerText(lang: Lang, scenarioTitle: string): { regular: string; bold: string } {
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);
  return {
    // The language switch's own label "中文" is in the header in every language.
    regular: [...REGULAR_KEYS.map((k) => t(k)), scenarioTitle, shownTitle(scenarioTitle, lang, t), '中文'].join(''),
    bold: t('appTitle'),
  };
}
