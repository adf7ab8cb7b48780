/**
 * The inspector's "REST statistics" tab: a paste box and a file picker (a drop anywhere on the
 * page lands here too, InspectorPage), the error of the last attempt naming the field path, and
 * the last statistics that read well. A failed attempt leaves the view as it was.
 */
import { useT } from '../../i18n/useT';
import { FilePickButton } from '../common/FilePickButton';
import { useRestStats } from '../../app/inspector/restStatsStore';
import { RestBanner, RestStatsView } from './RestStatsView';
import './restStats.css';

export function RestStatsTab({ onBack }: { onBack: () => void }) {
  const t = useT();
  const { loaded, error, text, setText, load, loadFile } = useRestStats();
  return (
    <div className="rest-tab" data-testid="rest-tab">
      {loaded && <RestBanner loaded={loaded} onBack={onBack} />}
      <section className="ins-card rest-input">
        <p className="small">{t('restIntro')}</p>
        <label className="rest-paste">
          <span>{t('restPasteLabel')}</span>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('restPastePlaceholder')}
            rows={3}
            spellCheck={false}
            data-testid="rest-paste"
          />
        </label>
        <div className="rest-actions">
          <button type="button" className="primary" onClick={() => load(text, null)} disabled={text.trim() === ''} data-testid="rest-show">
            {t('restShow')}
          </button>
          <FilePickButton label={t('restPickFile')} hint={t('restDropHint')} onFile={(file) => void loadFile(file)} buttonTestId="rest-open-file" inputTestId="rest-file-input" />
        </div>
        {error && (
          <div className="ins-errors" role="alert" data-testid="rest-error">
            <p>{error.name ? t('restErrorFile', { name: error.name, message: error.message }) : t('restErrorPasted', { message: error.message })}</p>
            {loaded && <p className="small">{t('restErrorKept')}</p>}
          </div>
        )}
      </section>
      {loaded && <RestStatsView key={loaded.id} loaded={loaded} />}
    </div>
  );
}
