/**
 * Finds the glossary's terms in a text of the app (a narration sentence, a panel heading): each
 * entry's first occurrence, longest match first where two overlap. Pure, so it is tested without
 * a page.
 */
import type { Lang } from '../../i18n/language';
import { GLOSSARY_FACTS, GLOSSARY_IDS, type GlossaryId } from './glossaryTerms';

export type TermPiece = string | { id: GlossaryId; text: string };

interface Pattern {
  id: GlossaryId;
  re: RegExp;
}

const compiled: Partial<Record<Lang, Pattern[]>> = {};

function patterns(lang: Lang): Pattern[] {
  compiled[lang] ??= GLOSSARY_IDS.flatMap((id) =>
    GLOSSARY_FACTS[id].match[lang].map((source) => ({
      id,
      // An acronym or constant (SST, DSTL, NO_CLAIM: two capitals in a row) matches by case; words in any case.
      re: new RegExp(source, /[A-Z]{2}/.test(source) ? 'gu' : 'giu'),
    })),
  );
  return compiled[lang];
}

/** The text cut into plain strings and terms (each entry linked once, at its first occurrence). */
export function findTerms(text: string, lang: Lang): TermPiece[] {
  const spans: { id: GlossaryId; start: number; end: number }[] = [];
  for (const { id, re } of patterns(lang)) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      spans.push({ id, start: m.index, end: m.index + m[0].length });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const pieces: TermPiece[] = [];
  const linked = new Set<GlossaryId>();
  let at = 0;
  for (const s of spans) {
    if (s.start < at || linked.has(s.id)) continue;
    linked.add(s.id);
    if (s.start > at) pieces.push(text.slice(at, s.start));
    pieces.push({ id: s.id, text: text.slice(s.start, s.end) });
    at = s.end;
  }
  if (at < text.length) pieces.push(text.slice(at));
  return pieces;
}
