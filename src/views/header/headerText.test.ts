// The glyphs a switch to Chinese waits for cover what the header shows (issue 14: the header moved
// when the rest arrived): every status of the storage pill, the buttons, the scenario's Chinese title.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../engine';
import { translate } from '../../i18n/catalog';
import { STATUS_LABELS } from '../persistence/persistenceLabels';
import { headerText } from './headerText';

describe('headerText', () => {
  it("holds the Chinese header's strings, the title in bold", () => {
    const { regular, bold } = headerText('zh', DEFAULT_SCENARIO.title);
    for (const key of Object.values(STATUS_LABELS)) expect(regular).toContain(translate('zh', key));
    for (const key of ['lessonHeaderButton', 'insHeaderButton', 'cmpHeaderButton', 'exButton', 'configuration'] as const)
      expect(regular).toContain(translate('zh', key));
    expect(regular).toContain(translate('zh', 'exDefaultTitle'));
    expect(regular).toContain('中文');
    expect(bold).toBe(translate('zh', 'appTitle'));
  });
});
