/**
 * `npm run inspect -- <path> [--json]`: reads Flink's `_metadata` (a file, a checkpoint folder or
 * a job's checkpoint folder) and prints its operators, files, the checkpoints each shared file is
 * referenced by, missing and unreferenced files. Bad input: one clear line on stderr, exit 2,
 * no stack trace. Node fs is used here only; the reading itself is src/inspector (pure TS).
 */
import { inspectFolder } from '../src/inspector/folder';
import { InputError, readFolderInput } from './readFolder';
import { reportJson, reportText } from './inspectReport';

const USAGE = 'usage: npm run inspect -- <_metadata file | chk-N folder | job checkpoint folder> [--json]';

function fail(message: string): never {
  process.stderr.write(message.endsWith('\n') ? message : `${message}\n`);
  process.exit(2);
}

function main(): void {
  const args = process.argv.slice(2);
  const paths = args.filter((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--json');
  if (unknown.length) fail(`unknown option ${unknown.join(', ')}\n${USAGE}`);
  if (paths.length !== 1) fail(USAGE);
  const path = paths[0]!;
  const input = readFolderInput(path);
  const report = inspectFolder(input);
  if (report.checkpoints.length === 0) {
    fail(report.unreadable.map((u) => `${path}${input.singleFile ? '' : `/${u.path}`}: ${u.message}`).join('\n'));
  }
  process.stdout.write(args.includes('--json') ? `${JSON.stringify(reportJson(path, report), null, 2)}\n` : reportText(path, report));
}

try {
  main();
} catch (e) {
  // Expected problems (a missing path, no _metadata) and unexpected ones (permissions, I/O) alike:
  // one line, no stack trace.
  if (e instanceof InputError) fail(e.message);
  fail(`cannot inspect: ${e instanceof Error ? e.message : String(e)}`);
}
