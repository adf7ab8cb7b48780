/** The editable configuration: every setting of the scenario, grouped, under Flink's keys. */
import { Fragment } from 'react';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { fieldsFor, type FieldGroup } from './configFields';
import { ConfigFieldRow } from './ConfigFieldRow';
import { pathKey } from './draft';
import type { ScenarioDraft } from './useScenarioDraft';

const GROUP_TITLE: Record<FieldGroup, MessageKey> = {
  scenario: 'cfgGroupScenario',
  job: 'cfgGroupJob',
  operators: 'cfgGroupOperators',
  source: 'cfgGroupSource',
  stateBackend: 'cfgGroupBackend',
  rocksdb: 'cfgGroupRocksDb',
  changelog: 'cfgGroupChangelog',
  checkpointing: 'cfgGroupCheckpointing',
  storage: 'cfgGroupStorage',
};

export function ConfigForm({ form }: { form: ScenarioDraft }) {
  const t = useT();
  const fields = fieldsFor(form.draft).filter((f) => f.shownWhen?.(form.draft) ?? true);
  return (
    <table className="data-table cfg-table">
      <thead>
        <tr>
          <th scope="col">{t('flinkKey')}</th>
          <th scope="col">{t('thisRun')}</th>
          <th scope="col">{t('flinkDefault')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field, i) => (
          <Fragment key={pathKey(field.path)}>
            {field.group !== fields[i - 1]?.group && (
              <tr className="cfg-group">
                <th colSpan={3} scope="colgroup">
                  {t(GROUP_TITLE[field.group])}
                </th>
              </tr>
            )}
            <ConfigFieldRow field={field} form={form} />
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
