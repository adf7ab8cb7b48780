/**
 * The one error the metadata reader raises: what it was reading, what went wrong and the byte
 * offset in `_metadata` where it happened. Everything the reader cannot read (an unknown version
 * or handle tag, a truncated file, a length out of range) becomes one of these, so a caller never
 * sees a RangeError or a half-read result.
 */
export type MetadataErrorCode =
  | 'NOT_FLINK_METADATA'
  | 'UNSUPPORTED_VERSION'
  | 'TRUNCATED'
  | 'UNKNOWN_TAG'
  | 'OUT_OF_RANGE'
  | 'MALFORMED';

export class MetadataFormatError extends Error {
  readonly code: MetadataErrorCode;
  /** Byte offset in the input where the problem was found. */
  readonly offset: number;
  /** What the reader was reading, e.g. `operator 2 / subtask 0 / managed keyed state`. */
  readonly where: string;
  readonly detail: string;

  constructor(code: MetadataErrorCode, offset: number, where: string, detail: string) {
    super(`${detail} at byte offset ${offset}${where ? ` (while reading ${where})` : ''}`);
    this.name = 'MetadataFormatError';
    this.code = code;
    this.offset = offset;
    this.where = where;
    this.detail = detail;
  }
}
