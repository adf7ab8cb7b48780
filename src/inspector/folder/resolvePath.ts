/**
 * Where a file named in `_metadata` lies in the folder the user opened. Relative handles
 * (RelativeFileStateHandle) live in their checkpoint's own directory. Absolute ones
 * (FileStateHandle, file-merging segments) name the path the job wrote to (s3://…, hdfs://…,
 * file:/…): they are mapped into the opened folder by their suffix from the last directory that
 * the folder also has at its top (chk-N, shared, taskowned, …), i.e. the part after the job id.
 */

/** Path segments of a path or URI, without scheme, authority and empty parts. */
export function pathSegments(path: string): string[] {
  const noScheme = path.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:(\/\/[^/]*)?/, '');
  return noScheme.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

export interface PathAnchors {
  /** Top-level directory names of the opened folder, mapped to where they are in it ('' = its root). */
  anchors: Map<string, string>;
}

/**
 * The path inside the opened folder (`dir/name`, '/'-separated) where `absolutePath` would be,
 * or null when it points outside what was opened (e.g. shared/ when only one chk-N was opened).
 */
export function mapAbsolutePath(absolutePath: string, { anchors }: PathAnchors): string | null {
  const segs = pathSegments(absolutePath);
  // The file name itself is never an anchor; look for the last anchor directory before it.
  for (let i = segs.length - 2; i >= 0; i--) {
    const mapped = anchors.get(segs[i]!);
    if (mapped !== undefined) return joinPath(mapped, ...segs.slice(i + 1));
  }
  return null;
}

export function joinPath(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('/');
}
