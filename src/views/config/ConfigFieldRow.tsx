/**
 * One setting of the form: its Flink key (or what it is, in words) and field path, the input
 * for this run's value with its problems right below, and Flink's real default beside it.
 */
import { useId } from 'react';
import { useT } from '../../i18n/useT';
import type { ConfigField } from './configFields';
import { fieldText, getAt, pathKey } from './draft';
import { UNIT_TEXT, readableValue } from './fieldFormat';
import { inheritedValue } from './inheritedValue';
import type { ScenarioDraft } from './useScenarioDraft';

export function ConfigFieldRow({ field, form }: { field: ConfigField; form: ScenarioDraft }) {
  const t = useT();
  const id = useId();
  const key = pathKey(field.path);
  const value = getAt(form.draft, field.path);
  // A list's problems may name one of its entries (`…compressionPerLevel[1]`): shown at the list.
  const problems = field.input === 'list' ? [...form.check.byPath].filter(([p]) => p === key || p.startsWith(`${key}[`)).flatMap(([, m]) => m) : (form.check.byPath.get(key) ?? []);
  const errorId = `${id}-problem`;
  const invalid = problems.length > 0;
  const placeholder = (n: number | null) =>
    n === null ? t('cfgInheritPlain') : t('cfgInherit', { n });
  const common = {
    id,
    'data-testid': `cfg-field-${key}`,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
  };
  let input;
  if (field.input === 'bool') {
    input = (
      <input
        type="checkbox"
        {...common}
        checked={value === true}
        onChange={(e) => form.setValue(field, e.target.checked)}
      />
    );
  } else if (field.input === 'enum') {
    const options = field.options ?? [];
    const current = fieldText(value);
    input = (
      <select {...common} value={current} onChange={(e) => form.setValue(field, e.target.value === '' ? undefined : e.target.value)}>
        {!options.includes(current) && <option value={current}>{current}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o === '' ? '—' : o}
          </option>
        ))}
      </select>
    );
  } else {
    const text = form.typed.get(key) ?? fieldText(value);
    const numeric = field.input !== 'text' && field.input !== 'list';
    input = (
      <input
        type="text"
        {...common}
        className={numeric ? 'cfg-number' : 'cfg-text'}
        inputMode={field.input === 'number' ? 'decimal' : numeric ? 'numeric' : undefined}
        spellCheck={false}
        autoComplete="off"
        placeholder={
          field.input === 'optionalInt'
            ? placeholder(inheritedValue(field, form.draft, form.check.result))
            : undefined
        }
        value={text}
        onChange={(e) => form.setText(field, e.target.value)}
      />
    );
  }
  const readable = readableValue(field.unit, value);
  const scaled = field.scaled?.(value) ?? false;
  return (
    <tr className={invalid ? 'cfg-row invalid' : 'cfg-row'} data-testid={`cfg-row-${key}`}>
      <th scope="row">
        <label htmlFor={id}>
          {field.flinkKey ? <span className="mono">{field.flinkKey}</span> : t(field.label)}
        </label>
        <span className="cfg-sub">
          {field.flinkKey && <span>{t(field.label)} · </span>}
          <code>{key}</code>
        </span>
      </th>
      <td>
        <span className="cfg-input-line">
          {input}
          {field.unit && <span className="muted small">{UNIT_TEXT[field.unit]}</span>}
          {readable && <span className="muted small">= {readable}</span>}
          {scaled && (
            <span className="badge progress" title={t('scaledHint')}>
              {t('scaled')}
            </span>
          )}
        </span>
        {field.note?.when(value) && (
          <span className="cfg-note muted small" data-testid={`cfg-note-${key}`}>
            {t(field.note.text, { n: String(value) })}
          </span>
        )}
        {invalid && (
          <span className="cfg-problem" id={errorId} data-testid={`cfg-problem-${key}`}>
            {problems.map((m, i) => (
              <span key={i}>
                <code>{key}</code>: {m}
              </span>
            ))}
          </span>
        )}
      </td>
      <td className="muted cfg-default">{field.flinkDefault ?? t('cfgNotFlink')}</td>
    </tr>
  );
}
