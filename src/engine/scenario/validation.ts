/**
 * The valibot building blocks the scenario and `_metadata` schemas share, and how their issues
 * read: every problem is "what is wrong" (this file's wording) at "where" (`formatPath`).
 * valibot's own messages ("Invalid type: Expected number but received …") name schema
 * internals; these name what a person wrote and what the field accepts.
 */
import * as v from 'valibot';

type Issue = v.BaseIssue<unknown>;

/** Formats a field path (["script", 3, "task"]) as `script[3].task`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out === '' ? '(document)' : out;
}

/** An unknown-key issue is about the object holding the key, like a typo reported by an editor. */
function isUnknownKey(issue: Issue): boolean {
  return issue.type === 'strict_object' && issue.expected === 'never';
}

/** The field path of an issue as keys; an unknown key is reported on the object that holds it. */
export function issueKeys(issue: Issue): PropertyKey[] {
  const keys = (issue.path ?? []).map((item) => item.key as PropertyKey);
  return isUnknownKey(issue) ? keys.slice(0, -1) : keys;
}

/** A value as a message shows it: short, and never the whole of a long string. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return 'an array';
  return value instanceof Uint8Array ? 'bytes' : 'an object';
}

const NOUNS: Record<string, string> = {
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  Object: 'an object',
  Array: 'an array',
  Uint8Array: 'bytes',
};

/** valibot's `expects` ("number", `("a" | "b")`) as words: "a number", `one of "a", "b"`. */
function expectedText(expects: string | null): string {
  const options = (expects ?? 'something').replace(/^\((.*)\)$/, '$1').split(' | ');
  if (options.length > 1 && options.every((o) => o.startsWith('"'))) return `one of ${options.join(', ')}`;
  return options.map((o) => NOUNS[o] ?? o).join(' or ');
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** The message of every issue whose schema or action brings no message of its own. */
export function issueMessage(issue: Issue): string {
  const got = show(issue.input);
  const bound = issue.requirement as number;
  const length = (issue.input as { length?: number } | null)?.length ?? 0;
  const unit = typeof issue.input === 'string' ? 'character' : 'item';
  switch (issue.type) {
    case 'finite':
      return `expected a finite number, got ${got}`;
    case 'integer':
      return `expected an integer, got ${got}`;
    case 'min_value':
      return `must be at least ${bound}, got ${got}`;
    case 'max_value':
      return `must be at most ${bound}, got ${got}`;
    case 'gt_value':
      return `must be greater than ${bound}, got ${got}`;
    case 'min_length':
      return `must have at least ${count(bound, unit)}, got ${length}`;
    case 'max_length':
      return `must have at most ${count(bound, unit)}, got ${length}`;
    case 'regex':
      return `${got} does not match ${String(issue.requirement)}`;
    default:
      // A wrong type, a wrong literal or option, or an unknown discriminator (`do`, `kind`).
      return issue.kind === 'schema' ? `expected ${expectedText(issue.expected)}, got ${got}` : issue.message;
  }
}

/**
 * valibot's object and variant schemas take any non-null object, arrays too (`[]` would pass as
 * an object whose fields all take their defaults). A JSON array is never an object here, so the
 * schema gets a `~run` that refuses arrays first, reported like valibot's own type issue
 * (`_addIssue`). Everything else (entries, options, `type`) stays, so variants and the JSON
 * Schema converter see the schema unchanged.
 */
function refuseArrays<TSchema extends v.GenericSchema>(schema: TSchema): TSchema {
  return {
    ...schema,
    '~run'(dataset, config) {
      if (!Array.isArray(dataset.value)) return schema['~run'](dataset, config);
      v._addIssue(this, 'type', dataset, config);
      // _addIssue has made it a failure dataset (typed: false, issues set).
      return dataset as unknown as ReturnType<TSchema['~run']>;
    },
  };
}

/**
 * A strict object (unknown keys are errors, arrays are not objects) whose messages name the
 * keys: all unknown keys at once with the allowed ones (valibot reports only the first), or the
 * missing key's type.
 */
export function strictObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  const schema = v.strictObject(entries, (issue) => {
    const holder = issue.path?.[0]?.input as Record<string, unknown> | undefined;
    if (issue.expected === 'never' && holder) {
      const unknown = Object.keys(holder).filter((k) => !Object.prototype.hasOwnProperty.call(entries, k));
      const names = unknown.map((k) => JSON.stringify(k)).join(', ');
      return `unknown field${unknown.length === 1 ? '' : 's'} ${names} (allowed here: ${Object.keys(entries).join(', ')})`;
    }
    const missing = issue.path?.[0]?.key;
    if (typeof missing === 'string' && Object.prototype.hasOwnProperty.call(entries, missing)) {
      return `expected ${expectedText(entries[missing]!.expects)}, got nothing (the field is required)`;
    }
    return issueMessage(issue);
  });
  return refuseArrays(schema);
}

/** One of several strict objects, told apart by the value of `key` (`kind`, `do`, `type`). */
export function variant<const TKey extends string, const TOptions extends v.VariantOptions<TKey>>(key: TKey, options: TOptions) {
  return refuseArrays(v.variant(key, options));
}

/**
 * How every schema here is run. abortEarly off: every failing field is reported. abortPipeEarly
 * on: one problem per field, the first check it fails (checks are ordered finite, integer,
 * range), so 1e999 reads "expected a finite number" rather than three complaints.
 */
export const VALIDATION_CONFIG: v.Config<Issue> = { abortEarly: false, abortPipeEarly: true, message: issueMessage };

/** A finite number in [min, max]. valibot's number() admits ±Infinity (JSON's 1e999). */
export const number = (min: number, max: number) => v.pipe(v.number(), v.finite(), v.minValue(min), v.maxValue(max));

/** A number greater than 0 and at most max. */
export const positive = (max: number) => v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(max));

/** An integer in [min, max]; by default the safe integers (beyond them integers are no longer exact). */
export const int = (min: number = Number.MIN_SAFE_INTEGER, max: number = Number.MAX_SAFE_INTEGER) =>
  v.pipe(v.number(), v.finite(), v.integer(), v.minValue(min), v.maxValue(max));
