/** The vocabulary of the configuration form's fields: their types and the helpers the field tables use. */
import type { MessageKey } from '../../i18n/messages';

export type FieldPath = readonly (string | number)[];
/** A scenario being edited: the document as JSON, possibly invalid. */
export type Draft = Record<string, unknown>;

/** `list`: a list of names typed as Flink's config syntax, semicolon-separated (`NO_COMPRESSION;SNAPPY_COMPRESSION`). */
export type FieldInput = 'int' | 'number' | 'optionalInt' | 'bool' | 'enum' | 'text' | 'list';
export type FieldGroup =
  | 'scenario'
  | 'job'
  | 'source'
  | 'operators'
  | 'storage'
  | 'stateBackend'
  | 'changelog'
  | 'rocksdb'
  | 'checkpointing';
export type FieldUnit = 'ms' | 'bytes' | 'bytesPerMs' | 'perSec';

export interface ConfigField {
  path: FieldPath;
  group: FieldGroup;
  input: FieldInput;
  options?: readonly string[];
  /** Flink's configuration key (or the RocksDB option Flink leaves at RocksDB's default); null: the engine's own setting. */
  flinkKey: string | null;
  /** What the setting is, in words (always shown; the only name when there is no Flink key). */
  label: MessageKey;
  /** Flink's real default; null when Flink has no such option. */
  flinkDefault: string | null;
  unit?: FieldUnit;
  /** True when this run's value is a teaching value rather than one to use in production. */
  scaled?: (value: unknown) => boolean;
  /** A note shown under the input while `when` holds for the value (where the engine leaves something out); `{n}` is the value. */
  note?: { when: (value: unknown) => boolean; text: MessageKey };
  /** Shown only when this holds (RocksDB options only with RocksDB, …); hidden values are kept. */
  shownWhen?: (draft: Draft) => boolean;
}

export const MB = 1024 * 1024;
export const always = () => true;
export const positive = (v: unknown) => typeof v === 'number' && v > 0;

export function at(d: unknown, ...path: string[]): unknown {
  let v = d;
  for (const p of path)
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}
export const isRocksDb = (d: Draft) => at(d, 'stateBackend', 'type') === 'rocksdb';
export const changelogOn = (d: Draft) => at(d, 'stateBackend', 'changelog', 'enabled') === true;
export const generatorSource = (d: Draft) =>
  (at(d, 'job', 'source', 'kind') ?? 'generator') === 'generator';

export const f = (path: FieldPath, rest: Omit<ConfigField, 'path'>): ConfigField => ({
  path,
  ...rest,
});
export const sb = (...p: string[]): FieldPath => ['stateBackend', ...p];
export const cp = (p: string): FieldPath => ['checkpointing', p];
