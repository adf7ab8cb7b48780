/**
 * Namespace serializers. State lives under (key group, key, namespace); the namespace is
 * `VoidNamespace` except in windows, where it is the `TimeWindow`.
 */
import type { TypeSerializer } from './typeSerializer';

/** Flink's `VoidNamespace.INSTANCE`, as plain data. */
export const VOID_NAMESPACE = 'VoidNamespace' as const;
/** The type of {@link VOID_NAMESPACE}. */
export type VoidNamespace = typeof VOID_NAMESPACE;

/** `VoidNamespaceSerializer`: writes a single 0 byte so the stream still advances (Flink's getLength() says 0). */
export const voidNamespaceSerializer: TypeSerializer<VoidNamespace> = {
  name: 'void-namespace',
  fixedLength: 1,
  serialize(value, out) {
    if (value !== VOID_NAMESPACE) {
      throw new TypeError(
        `voidNamespaceSerializer: value must be '${VOID_NAMESPACE}', got ${JSON.stringify(value)}`,
      );
    }
    out.writeByte(0);
  },
  deserialize(input) {
    input.readByte();
    return VOID_NAMESPACE;
  },
};

/** Flink's `TimeWindow` as plain data: [start, end) in epoch ms (longs). */
export interface TimeWindow {
  readonly start: number;
  readonly end: number;
}

/** `TimeWindow.Serializer`: start then end, two longs, 16 bytes. */
export const timeWindowSerializer: TypeSerializer<TimeWindow> = {
  name: 'time-window',
  fixedLength: 16,
  serialize(value, out) {
    if (
      value === null ||
      typeof value !== 'object' ||
      !Number.isSafeInteger(value.start) ||
      !Number.isSafeInteger(value.end)
    ) {
      throw new TypeError(
        `timeWindowSerializer: value must be { start, end } safe integers, got ${JSON.stringify(value)}`,
      );
    }
    out.writeLong(value.start);
    out.writeLong(value.end);
  },
  deserialize(input) {
    const start = input.readLong();
    const end = input.readLong();
    return { start, end };
  },
};
