/** The subtask an action applies to: one picker for the checkpoint and fault groups alike. */
import { useT } from '../../i18n/useT';

export function TaskSelect(props: { tasks: readonly string[]; value: string; onChange: (task: string) => void; testId: string }) {
  const t = useT();
  return (
    <select value={props.value} onChange={(e) => props.onChange(e.target.value)} aria-label={t('task')} title={t('task')} data-testid={props.testId}>
      {props.tasks.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );
}
