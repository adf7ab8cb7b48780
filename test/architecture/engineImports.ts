/**
 * The folder-level import graph of src/engine: which folder's files import which other folder's
 * (value and type imports, re-exports, side-effect and dynamic imports; tests excluded), and the
 * cycles in it (strongly connected components of more than one folder). Files directly in
 * src/engine count as the folder '.'.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export type FolderGraph = Map<string, Map<string, string[]>>;

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(c) && !c.endsWith(sep) && /\.tsx?$/.test(c)) return c;
  return base;
}

export function engineFolderGraph(root: string): FolderGraph {
  const folderOf = (f: string) => {
    const parts = relative(root, f).split(sep);
    return parts.length > 1 ? parts[0]! : '.';
  };
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, (m[1] ?? m[2] ?? m[3])!);
      if (!target.startsWith(root + sep)) continue;
      const [a, b] = [folderOf(file), folderOf(target)];
      if (a === b) continue;
      const edges = graph.get(a) ?? graph.set(a, new Map()).get(a)!;
      (edges.get(b) ?? edges.set(b, []).get(b)!).push(`${relative(root, file)} → ${relative(root, target)}`);
    }
  }
  return graph;
}

/**
 * The graph without the root files '.': they are the composition layer (the handler table, the
 * wiring of upcalls, StepContext, EngineState, QueueItem, events) that every folder imports and
 * that imports every folder, so they are left out of the folders' layering.
 */
export function withoutRoot(graph: FolderGraph): FolderGraph {
  const out: FolderGraph = new Map();
  for (const [a, edges] of graph) if (a !== '.') out.set(a, new Map([...edges].filter(([b]) => b !== '.')));
  return out;
}

/** The imports that make the cycles: each edge between two folders of one strongly connected component. */
export function cycleImports(graph: FolderGraph): string[] {
  return folderCycles(graph).flatMap((c) => c.flatMap((a) => [...(graph.get(a) ?? [])].filter(([b]) => c.includes(b)).flatMap(([, e]) => e)));
}

/** Strongly connected components with more than one folder (Tarjan). */
export function folderCycles(graph: FolderGraph): string[][] {
  const nodes = new Set<string>([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out;
}
