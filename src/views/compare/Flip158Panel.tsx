/** FLIP-158's published figures beside the simulated ratios (changelog ÷ plain), clearly labelled which is which. */
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import { FLIP158_PUBLISHED, FLIP158_SOURCE, publishedRatio, simulatedRatio, type PublishedFigure } from '../../engine/compare/flip158';
import type { RunMetrics } from '../../engine/compare/runMetrics';

function published(f: PublishedFigure): string {
  const on = f.enabledMax !== undefined ? `${f.enabled}–${f.enabledMax}` : String(f.enabled);
  const off = f.disabledMax !== undefined ? `${f.disabled}–${f.disabledMax}` : String(f.disabled);
  return `${on} ${f.unit} / ${off} ${f.unit}`;
}

export function Flip158Panel({ on, off }: { on: RunMetrics; off: RunMetrics }) {
  const t = useT();
  return (
    <section className="cmp-flip" data-testid="cmp-flip158">
      <h2>{t('cmpFlipTitle')}</h2>
      <p className="cmp-hint">{t('cmpFlipIntro')}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('cmpFlipFigure')}</th>
            <th scope="col">{t('cmpFlipPublished')}</th>
            <th scope="col">{t('cmpFlipPublishedRatio')}</th>
            <th scope="col">{t('cmpFlipSimulatedRatio')}</th>
            <th scope="col">{t('cmpFlipSame')}</th>
          </tr>
        </thead>
        <tbody>
          {FLIP158_PUBLISHED.map((f) => {
            const p = publishedRatio(f);
            const s = simulatedRatio(f.id, on, off);
            const same = p < 1 === s < 1;
            return (
              <tr key={f.id} data-testid={`cmp-flip-${f.id}`}>
                <th scope="row">{t(`cmpFlip_${f.id}` as MessageKey)}</th>
                <td>{published(f)}</td>
                <td>×{p < 0.1 ? p.toFixed(4) : p.toFixed(2)}</td>
                <td data-testid={`cmp-flip-sim-${f.id}`}>×{Number.isFinite(s) ? s.toFixed(s < 0.1 ? 3 : 2) : '—'}</td>
                <td className={same ? 'cmp-same' : 'cmp-differs'}>{same ? t('cmpFlipYes') : t('cmpFlipNo')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="cmp-hint">{t('cmpFlipDurationNote')}</p>
      <p className="cmp-hint">
        <a href={FLIP158_SOURCE} target="_blank" rel="noreferrer">
          {t('cmpFlipSource')}
        </a>
      </p>
    </section>
  );
}
