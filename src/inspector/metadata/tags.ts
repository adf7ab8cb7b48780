/**
 * The one-byte tags Flink writes before each state handle
 * (MetadataV2V3SerializerBase, Flink 1.20; ChannelStateHandleSerializerV2 for metadata v6).
 */
export const NULL_HANDLE = 0;
export const BYTE_STREAM_STATE_HANDLE = 1;
export const FILE_STREAM_STATE_HANDLE = 2;
export const KEY_GROUPS_HANDLE = 3;
export const PARTITIONABLE_OPERATOR_STATE_HANDLE = 4;
export const INCREMENTAL_KEY_GROUPS_HANDLE = 5;
export const RELATIVE_STREAM_STATE_HANDLE = 6;
export const SAVEPOINT_KEY_GROUPS_HANDLE = 7;
export const CHANGELOG_HANDLE = 8;
export const CHANGELOG_BYTE_INCREMENT_HANDLE = 9;
export const CHANGELOG_FILE_INCREMENT_HANDLE = 10;
export const INCREMENTAL_KEY_GROUPS_HANDLE_V2 = 11;
export const KEY_GROUPS_HANDLE_V2 = 12;
export const CHANGELOG_FILE_INCREMENT_HANDLE_V2 = 13;
export const CHANGELOG_HANDLE_V2 = 14;
export const SEGMENT_FILE_HANDLE = 15;
export const EMPTY_SEGMENT_FILE_HANDLE = 16;
export const SEGMENT_PARTITIONABLE_OPERATOR_STATE_HANDLE = 17;

/** Channel state handle tags of ChannelStateHandleSerializerV2 (metadata v6+). */
export const INPUT_CHANNEL_STATE_HANDLE = 1;
export const RESULT_SUBPARTITION_STATE_HANDLE = 2;
export const MERGED_INPUT_CHANNEL_STATE_HANDLE = 3;
export const MERGED_RESULT_SUBPARTITION_STATE_HANDLE = 4;

/** `_metadata` starts with this int (Checkpoints.HEADER_MAGIC_NUMBER), then the version int. */
export const METADATA_MAGIC = 0x4960672d;
/** Each master state starts with this int. */
export const MASTER_STATE_MAGIC = 0xc96b1696 | 0;
