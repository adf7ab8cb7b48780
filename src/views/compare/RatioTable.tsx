/** The differences stated in numbers: each figure over the whole run, with its ratio to the first column. */
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';
import type { RunMetrics } from '../../engine/compare/runMetrics';
import type { Spread } from '../../engine/compare/quantiles';
import { formatValue, type ValueKind } from './OverlayChart';

interface Row {
  key: string;
  label: MessageKey;
  kind: ValueKind;
  /** The figures shown; the first is the one the ratio compares. */
  values: (m: RunMetrics) => number[];
}

const spread3 = (s: Spread) => [s.p50, s.p90, s.p99];

const ROWS: Row[] = [
  { key: 'checkpointedSize', label: 'cmpFig_checkpointedSize', kind: 'bytes', values: (m) => spread3(m.checkpointedSize) },
  { key: 'stateSize', label: 'cmpFig_stateSize', kind: 'bytes', values: (m) => spread3(m.stateSize) },
  { key: 'duration', label: 'cmpFig_duration', kind: 'ms', values: (m) => spread3(m.durationMs) },
  { key: 'storedBytes', label: 'cmpFig_storedBytes', kind: 'bytes', values: (m) => [m.storedBytes.mean, m.storedBytes.max] },
  { key: 'fileCount', label: 'cmpFig_fileCount', kind: 'count', values: (m) => [m.fileCount.max] },
  { key: 'uploaded', label: 'cmpFig_uploaded', kind: 'bytes', values: (m) => [m.uploadedBytes] },
  { key: 'restore', label: 'cmpFig_restore', kind: 'ms', values: (m) => [m.restore.totalMs] },
  { key: 'replayed', label: 'cmpFig_replayed', kind: 'count', values: (m) => [m.replayedRecords] },
];

export function RatioTable({ labels, runs }: { labels: string[]; runs: RunMetrics[] }) {
  const t = useT();
  const base = runs[0]!;
  return (
    <section className="cmp-ratios" data-testid="cmp-ratios">
      <h2>{t('cmpRatiosTitle')}</h2>
      <p className="cmp-hint">{t('cmpRatiosHint')}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('cmpFigure')}</th>
            {runs.map((_, i) => (
              <th key={i} scope="col">
                {labels[i]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.key} data-testid={`cmp-row-${row.key}`}>
              <th scope="row">{t(row.label)}</th>
              {runs.map((m, i) => {
                const vs = row.values(m);
                const b = row.values(base)[0]!;
                const ratio = i > 0 && b !== 0 ? vs[0]! / b : null;
                return (
                  <td key={i}>
                    {vs.map((v) => formatValue(row.kind, v)).join(' / ')}
                    {ratio !== null && (
                      <strong className="cmp-ratio" data-testid={`cmp-ratio-${row.key}-${i}`}>
                        {' '}
                        {t('cmpRatio', { r: ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2) })}
                      </strong>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
