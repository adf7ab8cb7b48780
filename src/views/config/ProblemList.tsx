/**
 * Problems as "field path: message" lines. Paths and messages are user-influenced text (a
 * task name, a key from a file), so they are rendered as React text only. A broken document
 * can have thousands of problems; the first few say enough.
 */
import { useT } from '../../i18n/useT';
import type { ScenarioProblem } from '../../engine';

export function ProblemList({
  problems,
  max = 8,
  testId,
}: {
  problems: readonly ScenarioProblem[];
  max?: number;
  testId?: string;
}) {
  const t = useT();
  const shown = problems.slice(0, max);
  return (
    <ul className="problem-list" data-testid={testId}>
      {shown.map((p, i) => (
        <li key={i}>
          <code className="problem-path">{p.path}</code>: {p.message}
        </li>
      ))}
      {problems.length > shown.length && (
        <li className="muted">{t('ioMoreProblems', { n: problems.length - shown.length })}</li>
      )}
    </ul>
  );
}
