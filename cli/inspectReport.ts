/**
 * What `npm run inspect` prints: the folder report as JSON (stable keys, documented in
 * docs/inspector.md) or as plain-text tables.
 */
import type { FolderReport, InspectedCheckpoint } from '../src/inspector/folder';

function checkpointJson(c: InspectedCheckpoint) {
  return {
    dir: c.dir,
    metadataVersion: c.metadataVersion,
    checkpointId: c.checkpointId,
    snapshotType: c.snapshotType,
    savepointFormat: c.savepointFormat,
    sharingFilesStrategy: c.metadata.properties?.sharingFilesStrategy ?? null,
    incremental: c.incremental,
    totalBytes: c.totalBytes,
    inlinedBytes: c.inlinedBytes,
    fileCount: c.files.length,
    masterStates: c.metadata.masterStates.map((m) => ({ name: m.name, version: m.version, size: m.size })),
    operators: c.operators,
  };
}

/** JSON: the newest checkpoint's fields at the top (all of them when there is one), every checkpoint in `checkpoints`. */
export function reportJson(path: string, r: FolderReport) {
  const newest = r.checkpoints[r.checkpoints.length - 1];
  return {
    path,
    layout: r.layout,
    metadataVersion: newest?.metadataVersion ?? null,
    checkpointId: newest?.checkpointId ?? null,
    operators: newest?.operators ?? [],
    checkpoints: r.checkpoints.map(checkpointJson),
    files: r.files.map((f) => ({
      name: f.name,
      path: f.path,
      size: f.size,
      sizeOnDisk: f.sizeOnDisk,
      shared: f.shared,
      roles: f.roles,
      operators: f.operators,
      checkpoints: f.checkpoints,
    })),
    missing: r.missing,
    unreferenced: r.unreferenced ?? [],
    unreferencedChecked: r.unreferenced !== null,
    sizeMismatches: r.sizeMismatches,
    unreadable: r.unreadable,
  };
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => '  ' + r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd());
}

function keyGroups(c: InspectedCheckpoint['operators'][number]): string {
  const parts = c.subtasks.filter((s) => s.keyGroups).map((s) => `${s.subtaskIndex}:${s.keyGroups!.start}-${s.keyGroups!.end}`);
  return parts.length ? parts.join(' ') : '';
}

export function reportText(path: string, r: FolderReport): string {
  const out: string[] = [];
  const n = r.checkpoints.length;
  out.push(`${r.layout} ${path}: ${n} checkpoint${n === 1 ? '' : 's'} read${r.unreadable.length ? `, ${r.unreadable.length} unreadable` : ''}`);
  for (const c of r.checkpoints) {
    const p = c.metadata.properties;
    const kind = p ? `${p.snapshotType.toLowerCase()} (${p.formatType ?? p.sharingFilesStrategy ?? p.name})` : 'checkpoint or savepoint (v3 records no type)';
    out.push('');
    out.push(
      `${c.dir || '.'}: checkpoint id ${c.checkpointId}, metadata v${c.metadataVersion}, ${kind}, ${c.incremental ? 'incremental' : 'full'}; ` +
        `${formatBytes(c.totalBytes)} in ${c.files.length} file${c.files.length === 1 ? '' : 's'}` +
        (c.inlinedBytes ? ` + ${formatBytes(c.inlinedBytes)} inlined in _metadata` : ''),
    );
    const rows = [['operator id', 'name', 'par', 'max', 'keyed state', 'files', 'shared', 'private', 'inlined', 'key groups (subtask:range)']];
    for (const o of c.operators) {
      rows.push([
        o.operatorId,
        o.name ?? o.uid ?? '',
        String(o.parallelism),
        String(o.maxParallelism),
        o.fullyFinished ? 'finished' : o.style,
        String(o.totals.files),
        formatBytes(o.totals.sharedBytes),
        formatBytes(o.totals.privateBytes),
        formatBytes(o.totals.inlinedBytes),
        keyGroups(o),
      ]);
    }
    out.push(...table(rows));
  }
  const sharedFiles = r.files.filter((f) => f.shared);
  if (sharedFiles.length) {
    out.push('', `shared files (${sharedFiles.length}) and the checkpoints that reference them:`);
    out.push(...table([['file', 'size', 'checkpoints'], ...sharedFiles.map((f) => [f.path ?? f.name, formatBytes(f.size), f.checkpoints.join(', ')])]));
  }
  out.push('', `missing (${r.missing.length})${r.missing.length ? ': referenced but not in the folder' : ''}`);
  for (const m of r.missing) out.push(`  ${m.path ?? m.name}  (${m.reason}; checkpoint${m.checkpoints.length === 1 ? '' : 's'} ${m.checkpoints.join(', ')})`);
  if (r.sizeMismatches.length) {
    out.push('', `size differs from the metadata (${r.sizeMismatches.length}):`);
    for (const s of r.sizeMismatches) out.push(`  ${s.path}  recorded ${s.recorded} B, on disk ${s.onDisk} B`);
  }
  if (r.unreferenced === null) {
    out.push('', 'unreferenced: not checked (a single _metadata was given; open its folder to check)');
  } else {
    out.push('', `unreferenced (${r.unreferenced.length})${r.unreferenced.length ? ': no _metadata here references them' : ''}`);
    for (const u of r.unreferenced) out.push(`  ${u.path}  ${formatBytes(u.size)}`);
    if (r.unreferenced.length) {
      out.push(
        '  Candidates to delete only if the job is stopped or these are older than every checkpoint in progress:',
        '  a checkpoint being written, or one retained elsewhere (another folder, the HA store), may still need them.',
      );
    }
  }
  for (const u of r.unreadable) out.push('', `unreadable ${u.path}: ${u.message}`);
  return out.join('\n') + '\n';
}
