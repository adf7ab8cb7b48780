/**
 * Errors the LSM raises for damaged or missing files. Restore code needs to tell "this file is
 * broken" apart from a programming error, and the learner needs to see which file it was.
 */

/** RocksDB `Status::Corruption`: a file's bytes are not what the DB wrote; names the file. */
export class LsmCorruptionError extends Error {
  constructor(
    readonly fileName: string,
    detail: string,
  ) {
    super(`${fileName} is corrupt: ${detail}`);
    this.name = 'LsmCorruptionError';
  }
}

/** RocksDB `Status::PathNotFound` on open: a file the MANIFEST lists was not supplied. */
export class LsmMissingFileError extends Error {
  constructor(
    readonly fileName: string,
    detail: string,
  ) {
    super(`${fileName} is missing: ${detail}`);
    this.name = 'LsmMissingFileError';
  }
}
