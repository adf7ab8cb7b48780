/**
 * Writes `CheckpointProperties` the way Java's ObjectOutputStream does for Flink 1.16–2.x
 * (MetadataV4Serializer#serializeProperties): the CheckpointProperties object with its seven
 * boolean fields and its SnapshotType (CheckpointType or SavepointType, with their enums).
 * The serialVersionUIDs are those of Flink's classes: CheckpointProperties declares 2; Checkpoint-
 * and SavepointType declare none, so Java computes one from the class's shape (values below).
 */
import type { DataOutput } from './dataOutput';
import type { CheckpointProperties } from './types';

const SC_SERIALIZABLE = 0x02;
const SC_ENUM = 0x10;
const BASE_WIRE_HANDLE = 0x7e0000;
const PKG = 'org.apache.flink.runtime.checkpoint.';

interface ClassSpec {
  name: string;
  uid: bigint;
  flags: number;
  /** In Java's order: primitives first, then objects, each sorted by name. */
  fields: { type: string; name: string; className?: string }[];
  superClass?: ClassSpec;
}

const ENUM_BASE: ClassSpec = { name: 'java.lang.Enum', uid: 0n, flags: SC_SERIALIZABLE | SC_ENUM, fields: [] };
const enumClass = (name: string): ClassSpec => ({ name, uid: 0n, flags: SC_SERIALIZABLE | SC_ENUM, fields: [], superClass: ENUM_BASE });

const PROPERTIES: ClassSpec = {
  name: `${PKG}CheckpointProperties`,
  uid: 2n,
  flags: SC_SERIALIZABLE,
  fields: [
    ...['discardCancelled', 'discardFailed', 'discardFinished', 'discardSubsumed', 'discardSuspended', 'forced', 'unclaimed'].map((name) => ({ type: 'Z', name })),
    { type: 'L', name: 'checkpointType', className: `L${PKG.replaceAll('.', '/')}SnapshotType;` },
  ],
};
const CHECKPOINT_TYPE: ClassSpec = {
  name: `${PKG}CheckpointType`,
  uid: -0x2921b0fcfa51e2c6n,
  flags: SC_SERIALIZABLE,
  fields: [
    { type: 'L', name: 'name', className: 'Ljava/lang/String;' },
    { type: 'L', name: 'sharingFilesStrategy', className: `L${PKG.replaceAll('.', '/')}SnapshotType$SharingFilesStrategy;` },
  ],
};
const SAVEPOINT_TYPE: ClassSpec = {
  name: `${PKG}SavepointType`,
  uid: -0x5f782cf75ba7eb48n,
  flags: SC_SERIALIZABLE,
  fields: [
    { type: 'L', name: 'formatType', className: 'Lorg/apache/flink/core/execution/SavepointFormatType;' },
    { type: 'L', name: 'name', className: 'Ljava/lang/String;' },
    { type: 'L', name: 'postCheckpointAction', className: `L${PKG.replaceAll('.', '/')}SavepointType$PostCheckpointAction;` },
  ],
};
const SHARING = enumClass(`${PKG}SnapshotType$SharingFilesStrategy`);
const FORMAT = enumClass('org.apache.flink.core.execution.SavepointFormatType');
const POST_ACTION = enumClass(`${PKG}SavepointType$PostCheckpointAction`);

class JavaWriter {
  private next = 0;
  private readonly classHandles = new Map<string, number>();

  constructor(private readonly out: DataOutput) {}

  private classDesc(c: ClassSpec | undefined): void {
    if (!c) {
      this.out.writeByte(0x70);
      return;
    }
    const known = this.classHandles.get(c.name);
    if (known !== undefined) {
      this.out.writeByte(0x71).writeInt(BASE_WIRE_HANDLE + known);
      return;
    }
    this.out.writeByte(0x72).writeUTF(c.name).writeLong(c.uid);
    this.classHandles.set(c.name, this.next++);
    this.out.writeByte(c.flags).writeShort(c.fields.length);
    for (const f of c.fields) {
      this.out.writeByte(f.type.charCodeAt(0)).writeUTF(f.name);
      if (f.className !== undefined) this.string(f.className);
    }
    this.out.writeByte(0x78); // end of the (empty) class annotation
    this.classDesc(c.superClass);
  }

  string(s: string): void {
    this.out.writeByte(0x74).writeUTF(s);
    this.next++;
  }

  enumConstant(c: ClassSpec, constant: string): void {
    this.out.writeByte(0x7e);
    this.classDesc(c);
    this.next++;
    this.string(constant);
  }

  objectHeader(c: ClassSpec): void {
    this.out.writeByte(0x73);
    this.classDesc(c);
    this.next++;
  }
}

export function writeCheckpointProperties(p: CheckpointProperties, out: DataOutput): void {
  out.writeShort(0xaced).writeShort(5);
  const w = new JavaWriter(out);
  w.objectHeader(PROPERTIES);
  for (const flag of [p.discardCancelled, p.discardFailed, p.discardFinished, p.discardSubsumed, p.discardSuspended, p.forced, p.unclaimed]) {
    out.writeBoolean(flag);
  }
  if (p.snapshotType === 'SAVEPOINT') {
    w.objectHeader(SAVEPOINT_TYPE);
    w.enumConstant(FORMAT, p.formatType ?? 'CANONICAL');
    w.string(p.name);
    w.enumConstant(POST_ACTION, p.postCheckpointAction ?? 'NONE');
  } else {
    w.objectHeader(CHECKPOINT_TYPE);
    w.string(p.name);
    w.enumConstant(SHARING, p.sharingFilesStrategy ?? 'FORWARD_BACKWARD');
  }
}
