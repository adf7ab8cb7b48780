/**
 * Import: a file from the picker (or dropped on the dialog) or pasted JSON. Sizes are checked
 * before reading; a valid scenario replaces the run, anything else changes nothing and says
 * what is wrong and where.
 */
import { useId, useState, type ClipboardEvent } from 'react';
import { useT } from '../../i18n/useT';
import { FilePickButton } from '../common/FilePickButton';
import { MAX_IMPORT_BYTES, formatLimit, formatSize } from '../../app/scenarioIo/limits';
import { DOCUMENT } from '../../app/scenarioIo/importScenarioText';
import { ImportStatusView } from './ImportStatusView';
import type { ScenarioImport } from './useScenarioImport';

export function ImportSection({ io }: { io: ScenarioImport }) {
  const t = useT();
  const id = useId();
  const [pasted, setPasted] = useState('');
  const pastedSource = t('ioPastedSource');
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    // Refused before it lands in the textarea: a 10 MB paste would make the page sluggish.
    const size = e.clipboardData.getData('text').length;
    if (size + pasted.length > MAX_IMPORT_BYTES) {
      e.preventDefault();
      io.refuse(pastedSource, [
        {
          path: DOCUMENT,
          message: `the pasted text is ${formatSize(size)}; a scenario may be at most ${formatLimit(MAX_IMPORT_BYTES)}`,
        },
      ]);
    }
  };
  return (
    <section className="io-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('ioImportTitle')}</h3>
      <p className="muted small">{t('ioImportNote', { limit: formatLimit(MAX_IMPORT_BYTES) })}</p>
      <div className="io-drop-zone">
        <FilePickButton label={t('ioOpenFile')} hint={t('ioDropHint')} onFile={(file) => void io.importFile(file)} buttonTestId="io-open-file" inputTestId="io-file-input" />
      </div>
      <label htmlFor={`${id}-paste`} className="io-label">
        {t('ioPasteLabel')}
      </label>
      <textarea
        id={`${id}-paste`}
        className="io-paste"
        data-testid="io-paste"
        spellCheck={false}
        rows={4}
        value={pasted}
        placeholder='{ "format": "checkpoint-lab/scenario@1", … }'
        onPaste={onPaste}
        onChange={(e) => setPasted(e.target.value)}
      />
      <div>
        <button
          type="button"
          data-testid="io-paste-import"
          disabled={pasted.trim() === ''}
          onClick={() => io.importText(pasted, pastedSource)}
        >
          {t('ioImportPasted')}
        </button>
      </div>
      <ImportStatusView status={io.status} />
    </section>
  );
}
