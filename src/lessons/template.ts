/**
 * Texts quote the run through `{name}` placeholders: a fact of the stop, `{anchor.field}` (a
 * field of the anchor event) or, in a question's explanation, `{answer}`. A number in a lesson
 * text therefore always comes from the engine.
 */
export type Lang = 'en' | 'zh';
export type FactValue = number | string | boolean | null | readonly (number | string | boolean | null)[];

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)?)\}/g;

/** The placeholder names a text uses, in order. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** A value as a text shows it: lists joined, none as "none"/"无". */
export function formatValue(value: FactValue | undefined, lang: Lang): string {
  if (value === undefined || value === null) return lang === 'zh' ? '无' : 'none';
  if (Array.isArray(value)) return value.length === 0 ? (lang === 'zh' ? '无' : 'none') : value.map((x) => formatValue(x, lang)).join(lang === 'zh' ? '、' : ', ');
  if (typeof value === 'boolean') return lang === 'zh' ? (value ? '是' : '否') : value ? 'yes' : 'no';
  return String(value);
}

/** Fills every placeholder; an unknown name stays visible as `{name}` (the checker refuses it first). */
export function fill(text: string, values: Readonly<Record<string, FactValue | undefined>>, lang: Lang): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? formatValue(values[name], lang) : whole));
}
