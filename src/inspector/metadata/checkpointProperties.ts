/**
 * Metadata v4+ ends with `CheckpointProperties`, written by Java's ObjectOutputStream
 * (MetadataV4Serializer#serializeProperties). This maps the decoded object graph onto Flink's
 * fields: the snapshot type (CheckpointType with its SharingFilesStrategy, or SavepointType with
 * its SavepointFormatType and PostCheckpointAction) and the discard/forced/unclaimed flags.
 */
import type { DataInput } from './dataInput';
import { readJavaSerializedObject, type JavaObject, type JavaValue } from './javaSerialization';
import type { CheckpointProperties } from './types';

const PROPERTIES_CLASS = 'org.apache.flink.runtime.checkpoint.CheckpointProperties';

function isObject(v: JavaValue | undefined): v is JavaObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'object';
}

function enumName(v: JavaValue | undefined): string | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'enum' ? v.constant : undefined;
}

export function readCheckpointProperties(input: DataInput): CheckpointProperties {
  const at = input.offset;
  const value = input.within('the checkpoint properties (Java serialization)', () => readJavaSerializedObject(input));
  if (!isObject(value) || value.className !== PROPERTIES_CLASS) {
    input.fail('MALFORMED', `expected a serialized ${PROPERTIES_CLASS}`, at);
  }
  const f = value.fields;
  const flag = (name: string): boolean => {
    const v = f[name];
    if (typeof v !== 'boolean') input.fail('MALFORMED', `CheckpointProperties has no boolean field "${name}"`, at);
    return v;
  };
  const type = f.checkpointType;
  const base = {
    forced: flag('forced'),
    discardSubsumed: flag('discardSubsumed'),
    discardFinished: flag('discardFinished'),
    discardCancelled: flag('discardCancelled'),
    discardFailed: flag('discardFailed'),
    discardSuspended: flag('discardSuspended'),
    // Older writers had no `unclaimed` (it came with claim modes); absent means false.
    unclaimed: f.unclaimed === true,
  };
  if (isObject(type) && type.className.endsWith('.SavepointType')) {
    return {
      snapshotType: 'SAVEPOINT',
      name: typeof type.fields.name === 'string' ? type.fields.name : 'Savepoint',
      formatType: enumName(type.fields.formatType),
      postCheckpointAction: enumName(type.fields.postCheckpointAction),
      ...base,
    };
  }
  if (isObject(type) && type.className.endsWith('.CheckpointType')) {
    return {
      snapshotType: 'CHECKPOINT',
      name: typeof type.fields.name === 'string' ? type.fields.name : 'Checkpoint',
      sharingFilesStrategy: enumName(type.fields.sharingFilesStrategy),
      ...base,
    };
  }
  return input.fail('MALFORMED', 'CheckpointProperties has no CheckpointType or SavepointType', at);
}
