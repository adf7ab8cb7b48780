/**
 * The JavaScript a first visit must download before the app starts: the production build's
 * index.html module scripts and modulepreloads, plus every chunk they import statically, plus the
 * chunk(s) of the visitor's language, which src/main.tsx imports and awaits before the first
 * render (src/i18n/catalog.ts), and the simulator's chunk (src/app/App.tsx), which it imports and
 * awaits alongside. Other `import()` chunks load later and are not counted. Each file
 * is gzipped with zlib at level 9 as a server would send it. Goal: ≤ 250 KB for the larger of
 * the two first visits (English, Chinese).
 *
 * The sourcemaps then say where those bytes come from: every generated character is attributed
 * to its source file, grouped by package (node_modules) or source folder. Gzip does not split
 * into parts exactly, so a group's gzipped size is an estimate (its own bytes compressed alone).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from './appBuild';
import { fmt, printSection, type BenchLine } from './stats';

const GOAL_KB = 250;
/** The module each language's chunk is built from (the `import()` targets in src/i18n/catalog.ts). */
const LANGUAGE_PACKS = [
  { language: 'English', module: 'src/i18n/en/languagePackEn.ts' },
  { language: 'Chinese', module: 'src/i18n/zh/languagePackZh.ts' },
] as const;
/** The simulator's module, which src/main.tsx imports (`import()`) and awaits before the first render. */
const SIMULATOR_MODULE = 'src/app/App.tsx';
const TITLE = 'Initial JavaScript bundle (vite build, gzip -9)';
/** How many groups the breakdown lists. */
const TOP_GROUPS = Number(process.env.BENCH_BUNDLE_GROUPS ?? 14);

const kb = (bytes: number): string => `${fmt(bytes / 1024, 1)} KB`;
const gzip = (data: string | Buffer): number => gzipSync(data, { level: 9 }).length;

/** The files index.html loads as module scripts or preloads, relative to the build directory. */
function entryFiles(outDir: string): string[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/g))
    files.push(m[1]!);
  for (const m of html.matchAll(
    /<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["']([^"']+)["']/g,
  ))
    files.push(m[1]!);
  return files.map((f) => relative(outDir, resolve(outDir, f)));
}

/** Chunks a module imports statically (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not `import()`. */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.js)["']/g,
  ))
    out.push(m[1]!);
  return out;
}

/** Every JS file loaded before the app can run: the entries and their static import closure. */
function initialJs(outDir: string): string[] {
  const seen = new Set<string>();
  const queue = entryFiles(outDir).filter((f) => f.endsWith('.js'));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(outDir, file), 'utf8');
    for (const spec of staticImports(code))
      if (spec.startsWith('.')) queue.push(relative(outDir, resolve(outDir, dirname(file), spec)));
  }
  return [...seen];
}

/** The part of vite's .vite/manifest.json this bench reads: the chunk, CSS and static imports of each module. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The module whose CSS declares the Chinese faces (src/app/fonts/loadFonts.ts loads it). */
const CJK_FONTS_MODULE = 'src/app/fonts/cjkFonts.ts';

const readManifest = (outDir: string): Manifest =>
  JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/**
 * The files a language adds to a first visit: its chunk and the chunks that one imports
 * statically, less those the page has already loaded (`initial`).
 */
function languageJs(outDir: string, module: string, initial: readonly string[]): string[] {
  const manifest = readManifest(outDir);
  if (!manifest[module])
    throw new Error(`${module} is not in the build's manifest: has the language chunk moved?`);
  const seen = new Set<string>();
  const files: string[] = [];
  const queue = [module];
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key]!;
    if (!initial.includes(chunk.file)) files.push(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}

const B64 = new Map(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

/** Decodes one source-map segment's base64 VLQ fields. */
function vlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64.get(ch)!;
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** The package or source folder a source path belongs to. */
function groupOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = source.lastIndexOf('src/');
  if (src < 0) return '(other)';
  const parts = source.slice(src).split('/');
  // src/views/<view>, src/i18n/<en|zh> (one language's strings); other layers as one group each.
  if ((parts[1] === 'views' || parts[1] === 'i18n') && parts.length > 3)
    return parts.slice(0, 3).join('/');
  return parts.slice(0, 2).join('/');
}

/** Generated text of `code` per group, from its sourcemap (unmapped text goes to '(unmapped)'). */
function attribute(code: string, mapJson: string, into: Map<string, string[]>): void {
  const map = JSON.parse(mapJson) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNo) => {
    const line = lines[lineNo] ?? '';
    let col = 0;
    const cuts: { col: number; group: string }[] = [];
    for (const seg of lineMappings.split(',')) {
      if (!seg) continue;
      const f = vlq(seg);
      col += f[0]!;
      if (f.length >= 4) {
        sourceIndex += f[1]!;
        cuts.push({ col, group: groupOf(map.sources[sourceIndex] ?? '') });
      } else cuts.push({ col, group: '(unmapped)' });
    }
    cuts.forEach((c, i) => {
      const text = line.slice(c.col, cuts[i + 1]?.col ?? line.length);
      const list = into.get(c.group) ?? [];
      list.push(text);
      into.set(c.group, list);
    });
  });
}

/** Minified and gzipped bytes of the files, and their generated text per source group. */
function measureFiles(outDir: string, files: readonly string[]) {
  let raw = 0;
  let gz = 0;
  const groups = new Map<string, string[]>();
  for (const file of files) {
    const code = readFileSync(join(outDir, file), 'utf8');
    raw += Buffer.byteLength(code);
    gz += gzip(code);
    try {
      attribute(code, readFileSync(join(outDir, `${file}.map`), 'utf8'), groups);
    } catch {
      // No sourcemap: the total stands, the breakdown just lacks this file.
    }
  }
  return { raw, gz, groups };
}

const names = (files: readonly string[]): string =>
  files.map((f) => f.replace(/^assets\//, '')).join(', ');

export async function measureBundle(): Promise<BenchLine[]> {
  const outDir = await buildApp();
  const entry = initialJs(outDir);
  // The simulator is an `import()` chunk that main.tsx awaits with the strings before its first
  // render (the comparison page and its frames never load it): part of a first visit too.
  const files = [...entry, ...languageJs(outDir, SIMULATOR_MODULE, entry)];
  const initial = measureFiles(outDir, files);
  const visits = LANGUAGE_PACKS.map(({ language, module }) => {
    const own = languageJs(outDir, module, files);
    const all = measureFiles(outDir, [...files, ...own]);
    return { language, own, ownGz: measureFiles(outDir, own).gz, ...all };
  });
  const largest = visits.reduce((a, b) => (b.gz > a.gz ? b : a));

  const css = entryFiles(outDir).filter((f) => f.endsWith('.css'));
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  for (const m of html.matchAll(
    /<link\b[^>]*\brel=["']stylesheet["'][^>]*\bhref=["']([^"']+)["']/g,
  ))
    css.push(relative(outDir, resolve(outDir, m[1]!)));
  const cssGz = css.reduce((n, f) => n + gzip(readFileSync(join(outDir, f))), 0);
  // The shipped fonts' @font-face rules: the Latin ones are part of the entry CSS; the Chinese
  // ones are a CSS file of their own, loaded before a Chinese first render (after it otherwise).
  // The font files themselves load per unicode-range subset, only those a page's text needs.
  const fontFaces = css
    .flatMap((f) => readFileSync(join(outDir, f), 'utf8').match(/@font-face\s*\{[^}]*\}/g) ?? [])
    .join('');
  // A module that holds only CSS is a CSS file itself in the manifest; else its chunk lists it.
  const cjkChunk = readManifest(outDir)[CJK_FONTS_MODULE];
  const cjkCss = [
    ...(cjkChunk?.file.endsWith('.css') ? [cjkChunk.file] : []),
    ...(cjkChunk?.css ?? []),
  ];
  if (cjkCss.length === 0)
    throw new Error(`${CJK_FONTS_MODULE} has no CSS in the build's manifest: has the font module moved?`);
  const cjkCssGz = cjkCss.reduce((n, f) => n + gzip(readFileSync(join(outDir, f))), 0);

  // The breakdown is of the larger first visit, the one the goal is checked against.
  const rows = [...largest.groups]
    .map(([group, parts]) => {
      const text = parts.join('');
      return { group, raw: Buffer.byteLength(text), gz: gzip(text) };
    })
    .sort((a, b) => b.gz - a.gz);
  const estTotal = rows.reduce((n, r) => n + r.gz, 0);
  const viewsGz = rows
    .filter((r) => r.group.startsWith('src/views/'))
    .reduce((n, r) => n + r.gz, 0);
  const lines: BenchLine[] = [
    { name: 'initial JS files (static imports, the simulator)', value: names(files) },
    {
      name: 'static imports and the simulator, gzipped',
      value: `${kb(initial.gz)} (${kb(initial.raw)} minified)`,
    },
  ];
  for (const v of visits)
    lines.push({
      name: `  + ${v.language} strings and event texts`,
      value: `${kb(v.ownGz)} gz: ${names(v.own)}`,
    });
  for (const v of visits)
    lines.push({
      name: `first visit, ${v.language}, gzipped`,
      value: `${kb(v.gz)} (${kb(v.raw)} minified)`,
      ...(v === largest ? { goal: `≤ ${GOAL_KB} KB`, ok: v.gz <= GOAL_KB * 1024 } : {}),
    });
  lines.push(
    { name: 'CSS, gzipped (not in the goal)', value: kb(cssGz) },
    {
      name: "  of which the Latin fonts' @font-face rules",
      value: `${kb(gzip(fontFaces))} (Inter, JetBrains Mono)`,
    },
    {
      name: "  + the Chinese font's @font-face CSS",
      value: `${kb(cjkCssGz)} (Noto Sans SC; before a Chinese first render, after an English one)`,
    },
    {
      name: `breakdown of the ${largest.language} first visit (gzip of each group alone)`,
      value: `sum of groups ${kb(estTotal)}; all src/views together ${kb(viewsGz)} (${fmt((100 * viewsGz) / estTotal, 0)}%)`,
    },
  );
  for (const r of rows.slice(0, TOP_GROUPS))
    lines.push({
      name: `  ${r.group}`,
      value: `${kb(r.gz).padStart(9)} gz  ${kb(r.raw).padStart(9)} min  ${fmt((100 * r.gz) / estTotal, 0).padStart(2)}%`,
    });
  return lines;
}

/** Prints the section; a failed build is reported and sets a failing exit code, but never stops the other sections. */
export async function runBundleSizeBench(): Promise<void> {
  try {
    printSection(TITLE, await measureBundle());
  } catch (e) {
    printSection(TITLE, [{ name: 'failed', value: e instanceof Error ? e.message : String(e) }]);
    process.exitCode = 1;
  }
}
