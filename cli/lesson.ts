/**
 * `npm run lesson -- check <file…> [--json]`: resolves every stop of every lesson file against
 * the engine (see cli/lessonCheck.ts). Exit code 2 when a file is malformed or an anchor or
 * question cannot be resolved; the report says which lesson, stop and selector.
 */
import { checkLessonFile, formatReport, isClean } from './lessonCheck';

const USAGE = 'usage: npm run lesson -- check <lesson.json…> [--json]';

const args = process.argv.slice(2);
const json = args.includes('--json');
const unknown = args.filter((a) => a.startsWith('--') && a !== '--json');
const [command, ...files] = args.filter((a) => !a.startsWith('--'));
if (command !== 'check' || files.length === 0 || unknown.length > 0) {
  process.stderr.write(`${unknown.length ? `unknown option ${unknown.join(', ')}\n` : ''}${USAGE}\n`);
  process.exit(2);
}

const reports = files.map(checkLessonFile);
if (json) process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
else
  for (const r of reports) {
    const text = formatReport(r);
    if (isClean(r)) process.stdout.write(`${text}\n`);
    else process.stderr.write(`${text}\n`);
  }
process.exit(reports.every(isClean) ? 0 : 2);
