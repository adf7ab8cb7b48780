/**
 * Serializers by name, so plain-data state descriptors can say `"valueSerializer": "list<double>"`
 * instead of holding a function. Names compose: `list<T>` and `map<K,V>` over any registered name.
 * The same name always yields the same serializer object.
 */
import { averageAccumulatorSerializer } from './averageAccumulatorSerializer';
import { listSerializer, mapSerializer } from './collectionSerializers';
import { keySerializer } from './keySerializer';
import { timeWindowSerializer, voidNamespaceSerializer } from './namespaceSerializers';
import {
  booleanSerializer,
  bytesSerializer,
  doubleSerializer,
  intSerializer,
  longSerializer,
  stringSerializer,
} from './primitiveSerializers';
import type { TypeSerializer } from './typeSerializer';

/** Names of the non-generic serializers. */
export const BASE_SERIALIZER_NAMES = [
  'int',
  'long',
  'double',
  'boolean',
  'string',
  'bytes',
  'key',
  'void-namespace',
  'time-window',
  'avg-accumulator',
] as const;

/** A non-generic serializer name. */
export type BaseSerializerName = (typeof BASE_SERIALIZER_NAMES)[number];

/** Any serializer name: a base name or `list<…>` / `map<…,…>` of names. */
export type SerializerName = BaseSerializerName | `list<${string}>` | `map<${string},${string}>`;

const base: Record<BaseSerializerName, TypeSerializer<never>> = {
  int: intSerializer,
  long: longSerializer,
  double: doubleSerializer,
  boolean: booleanSerializer,
  string: stringSerializer,
  bytes: bytesSerializer,
  key: keySerializer,
  'void-namespace': voidNamespaceSerializer,
  'time-window': timeWindowSerializer,
  'avg-accumulator': averageAccumulatorSerializer,
} as unknown as Record<BaseSerializerName, TypeSerializer<never>>;

// Memo of generic serializers by canonical name: pure, so sharing is safe and keeps identity stable.
const memo = new Map<string, TypeSerializer<unknown>>();
// Lookups by the exact name asked for, so repeated calls skip parsing.
const resolved = new Map<string, TypeSerializer<unknown>>();

/** The serializer registered under `name` (whitespace is ignored: `map<string, long>` works). */
export function serializerFor<T = unknown>(name: SerializerName | string): TypeSerializer<T> {
  if (typeof name !== 'string') {
    throw new TypeError(`serializerFor: name must be a string, got ${typeof name}`);
  }
  const known = resolved.get(name);
  if (known) return known as TypeSerializer<T>;
  const p = new NameParser(name.replace(/\s+/g, ''), name);
  const s = p.parse();
  p.expectEnd();
  resolved.set(name, s);
  return s as TypeSerializer<T>;
}

class NameParser {
  private i = 0;
  constructor(
    private readonly s: string,
    private readonly original: string,
  ) {}

  parse(): TypeSerializer<unknown> {
    const start = this.i;
    while (this.i < this.s.length && /[a-z0-9-]/.test(this.s[this.i]!)) this.i++;
    const word = this.s.slice(start, this.i);
    if (word === 'list' || word === 'map') {
      this.expect('<');
      const first = this.parse();
      let made: TypeSerializer<unknown>;
      if (word === 'map') {
        this.expect(',');
        const second = this.parse();
        made = mapSerializer(first, second) as TypeSerializer<unknown>;
      } else {
        made = listSerializer(first) as TypeSerializer<unknown>;
      }
      this.expect('>');
      const hit = memo.get(made.name);
      if (hit) return hit;
      memo.set(made.name, made);
      return made;
    }
    if (Object.prototype.hasOwnProperty.call(base, word))
      return base[word as BaseSerializerName] as TypeSerializer<unknown>;
    throw new Error(
      `serializerFor: unknown serializer '${word}' in '${this.original}' (known: ${BASE_SERIALIZER_NAMES.join(', ')}, list<T>, map<K,V>)`,
    );
  }

  expect(c: string): void {
    if (this.s[this.i] !== c) {
      throw new Error(
        `serializerFor: expected '${c}' at position ${this.i} of '${this.s}' (from '${this.original}')`,
      );
    }
    this.i++;
  }

  expectEnd(): void {
    if (this.i !== this.s.length) {
      throw new Error(
        `serializerFor: unexpected '${this.s.slice(this.i)}' at position ${this.i} of '${this.s}' (from '${this.original}')`,
      );
    }
  }
}
