/**
 * A bounded reader of Java's Object Serialization stream (java.io.ObjectOutputStream, protocol
 * version 2), just enough to decode what Flink appends to metadata v4+: one serialized
 * `CheckpointProperties` object graph (objects, strings, enums, primitive fields, class
 * descriptors and back references). It never runs code or loads classes: it turns the stream
 * into plain data. Anything it cannot decode (custom writeObject data it does not expect,
 * externalizable contents, proxies) is a MetadataFormatError naming the offset.
 */
import type { DataInput } from './dataInput';

const STREAM_MAGIC = 0xaced;
const STREAM_VERSION = 5;
const TC_NULL = 0x70;
const TC_REFERENCE = 0x71;
const TC_CLASSDESC = 0x72;
const TC_OBJECT = 0x73;
const TC_STRING = 0x74;
const TC_ARRAY = 0x75;
const TC_CLASS = 0x76;
const TC_BLOCKDATA = 0x77;
const TC_ENDBLOCKDATA = 0x78;
const TC_BLOCKDATALONG = 0x7a;
const TC_LONGSTRING = 0x7c;
const TC_ENUM = 0x7e;
const BASE_WIRE_HANDLE = 0x7e0000;
const SC_WRITE_METHOD = 0x01;
const SC_SERIALIZABLE = 0x02;
const SC_EXTERNALIZABLE = 0x04;
const MAX_DEPTH = 32;

export interface JavaClassDesc {
  kind: 'class';
  name: string;
  flags: number;
  fields: { type: string; name: string }[];
  superClass: JavaClassDesc | null;
}

export interface JavaObject {
  kind: 'object';
  className: string;
  /** Field values of the whole class hierarchy, by field name (a subclass's field wins). */
  fields: Record<string, JavaValue>;
}

export interface JavaEnum {
  kind: 'enum';
  className: string;
  constant: string;
}

export type JavaValue = null | boolean | number | string | bigint | JavaObject | JavaEnum | JavaClassDesc | JavaValue[];

class JavaStreamReader {
  private readonly handles: JavaValue[] = [];

  constructor(private readonly input: DataInput) {}

  private newHandle(value: JavaValue): number {
    this.handles.push(value);
    return this.handles.length - 1;
  }

  private reference(): JavaValue {
    const at = this.input.offset;
    const handle = this.input.readInt('a back reference') - BASE_WIRE_HANDLE;
    if (handle < 0 || handle >= this.handles.length) this.input.fail('MALFORMED', `back reference to unknown handle ${handle}`, at);
    return this.handles[handle]!;
  }

  private string(tc: number): string {
    let s: string;
    if (tc === TC_LONGSTRING) {
      const at = this.input.offset;
      const len = this.input.readLong('a long string length');
      if (len > 0xffff * 4) this.input.fail('OUT_OF_RANGE', `long string of ${len} bytes in checkpoint properties`, at);
      s = String.fromCharCode(...this.input.readBytes(len, 'a long string'));
    } else {
      s = this.input.readUTF('a serialized string');
    }
    this.newHandle(s);
    return s;
  }

  private classDesc(depth: number): JavaClassDesc | null {
    const at = this.input.offset;
    const tc = this.input.readUnsignedByte('a class descriptor');
    if (tc === TC_NULL) return null;
    if (tc === TC_REFERENCE) {
      const v = this.reference();
      if (typeof v !== 'object' || v === null || Array.isArray(v) || v.kind !== 'class') this.input.fail('MALFORMED', 'back reference is not a class descriptor', at);
      return v;
    }
    if (tc !== TC_CLASSDESC) return this.input.fail('UNKNOWN_TAG', `unsupported Java serialization type code 0x${tc.toString(16)} where a class descriptor belongs`, at);
    if (depth > MAX_DEPTH) this.input.fail('MALFORMED', 'Java class hierarchy nested too deep');
    const name = this.input.readUTF('a class name');
    this.input.readLongBig('a serialVersionUID');
    const desc: JavaClassDesc = { kind: 'class', name, flags: 0, fields: [], superClass: null };
    this.newHandle(desc);
    desc.flags = this.input.readUnsignedByte('class descriptor flags');
    const countAt = this.input.offset;
    const count = this.input.readShort('the number of fields');
    this.input.checkCount(count, 'serialized fields', 3, countAt);
    for (let i = 0; i < count; i++) {
      const typeAt = this.input.offset;
      const type = String.fromCharCode(this.input.readUnsignedByte('a field type code'));
      const fieldName = this.input.readUTF('a field name');
      if (type === 'L' || type === '[') {
        const cn = this.content(depth + 1);
        if (typeof cn !== 'string') this.input.fail('MALFORMED', `field ${fieldName} has no class name`, typeAt);
      } else if (!'BCDFIJSZ'.includes(type)) {
        this.input.fail('UNKNOWN_TAG', `unknown field type code '${type}'`, typeAt);
      }
      desc.fields.push({ type, name: fieldName });
    }
    this.skipAnnotation();
    desc.superClass = this.classDesc(depth + 1);
    return desc;
  }

  /** classAnnotation / objectAnnotation: contents up to TC_ENDBLOCKDATA. */
  private skipAnnotation(): void {
    for (;;) {
      const at = this.input.offset;
      const tc = this.input.readUnsignedByte('an annotation');
      if (tc === TC_ENDBLOCKDATA) return;
      if (tc === TC_BLOCKDATA) this.input.readBytes(this.input.readUnsignedByte('a block length'), 'block data');
      else if (tc === TC_BLOCKDATALONG) this.input.readBytes(this.input.readInt('a block length'), 'block data');
      else {
        this.input.fail('MALFORMED', 'objects inside a Java annotation are not expected in checkpoint properties', at);
      }
    }
  }

  private primitive(type: string): JavaValue {
    switch (type) {
      case 'B':
        return this.input.readByte('a byte field');
      case 'C':
        return String.fromCharCode(this.input.readUnsignedShort('a char field'));
      case 'D':
        return new DataView(this.input.readBytes(8, 'a double field').slice().buffer).getFloat64(0);
      case 'F':
        return new DataView(this.input.readBytes(4, 'a float field').slice().buffer).getFloat32(0);
      case 'I':
        return this.input.readInt('an int field');
      case 'J':
        return this.input.readLongBig('a long field');
      case 'S':
        return this.input.readShort('a short field');
      default:
        return this.input.readBoolean('a boolean field');
    }
  }

  /** One `content` item: an object, string, enum, array, class, reference or null. */
  content(depth: number): JavaValue {
    if (depth > MAX_DEPTH) this.input.fail('MALFORMED', 'Java object graph nested too deep');
    const at = this.input.offset;
    const tc = this.input.readUnsignedByte('a Java serialization type code');
    switch (tc) {
      case TC_NULL:
        return null;
      case TC_REFERENCE:
        return this.reference();
      case TC_STRING:
      case TC_LONGSTRING:
        return this.string(tc);
      case TC_ENUM: {
        const desc = this.classDesc(depth + 1);
        const e: JavaEnum = { kind: 'enum', className: desc?.name ?? '?', constant: '' };
        this.newHandle(e);
        const nameAt = this.input.offset;
        const constant = this.content(depth + 1);
        if (typeof constant !== 'string') this.input.fail('MALFORMED', 'enum constant without a name', nameAt);
        e.constant = constant;
        return e;
      }
      case TC_CLASS: {
        const desc = this.classDesc(depth + 1);
        this.newHandle(desc);
        return desc;
      }
      case TC_CLASSDESC:
        return this.input.fail('MALFORMED', 'bare class descriptor where an object belongs', at);
      case TC_OBJECT: {
        const desc = this.classDesc(depth + 1);
        if (!desc) return this.input.fail('MALFORMED', 'object without a class descriptor', at);
        const obj: JavaObject = { kind: 'object', className: desc.name, fields: {} };
        this.newHandle(obj);
        const chain: JavaClassDesc[] = [];
        for (let d: JavaClassDesc | null = desc; d; d = d.superClass) {
          chain.unshift(d);
          if (chain.length > MAX_DEPTH) this.input.fail('MALFORMED', 'Java class hierarchy too deep');
        }
        for (const d of chain) {
          if (d.flags & SC_EXTERNALIZABLE) this.input.fail('MALFORMED', `externalizable class ${d.name} is not supported`, at);
          if (!(d.flags & SC_SERIALIZABLE)) continue;
          for (const f of d.fields) {
            obj.fields[f.name] = f.type === 'L' || f.type === '[' ? this.content(depth + 1) : this.primitive(f.type);
          }
          if (d.flags & SC_WRITE_METHOD) this.skipAnnotation();
        }
        return obj;
      }
      case TC_ARRAY: {
        const desc = this.classDesc(depth + 1);
        const arr: JavaValue[] = [];
        this.newHandle(arr);
        const elem = desc?.name.charAt(1) ?? 'L';
        const n = this.input.readCount('array elements', 1);
        for (let i = 0; i < n; i++) arr.push(elem === 'L' || elem === '[' ? this.content(depth + 1) : this.primitive(elem));
        return arr;
      }
      default:
        break;
    }
    return this.input.fail('UNKNOWN_TAG', `unsupported Java serialization type code 0x${tc.toString(16)}`, at);
  }

  readStream(): JavaValue {
    const at = this.input.offset;
    const magic = this.input.readUnsignedShort('the Java serialization magic');
    const version = this.input.readUnsignedShort('the Java serialization version');
    if (magic !== STREAM_MAGIC || version !== STREAM_VERSION) {
      this.input.fail('MALFORMED', `expected a Java serialization stream (AC ED 00 05), found ${hex4(magic)} ${hex4(version)}`, at);
    }
    return this.content(0);
  }
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0').toUpperCase();
}

/** Reads one Java-serialized object (stream header included) from the current position. */
export function readJavaSerializedObject(input: DataInput): JavaValue {
  return new JavaStreamReader(input).readStream();
}
