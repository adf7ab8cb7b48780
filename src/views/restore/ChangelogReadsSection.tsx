/**
 * Changelog restores: for every DSTL file read so far, how many (file, offset) reads it served
 * and how many times it was downloaded. Without the per-TaskManager cache each read downloads
 * the whole file (seed 000's read amplification); with it (FLINK-27155) once per TaskManager.
 */
import { scaleLinear } from 'd3';
import type { Translate } from '../../i18n/useT';
import { formatBytes } from '../format';
import type { ChangelogReads } from './restoreProgress';

const BAR_W = 120;

function shortName(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.length > 18 ? `${base.slice(0, 17)}…` : base;
}

export function ChangelogReadsSection({ reads, t }: { reads: ChangelogReads; t: Translate }) {
  const x = scaleLinear()
    .domain([0, Math.max(1, ...reads.files.map((f) => f.reads))])
    .range([0, BAR_W]);
  return (
    <div className="rs-changelog" data-testid="rs-changelog">
      <p className="rs-line">
        <span>
          {t('rsClSummary', {
            reads: reads.reads,
            downloads: reads.downloads,
            files: reads.files.length,
          })}
          {reads.downloads > reads.files.length && (
            <b className="rs-amp" data-testid="rs-cl-amplification">
              {' · '}
              {t('rsClAmplification', { x: (reads.downloads / reads.files.length).toFixed(1) })}
            </b>
          )}
        </span>
        <span className="rs-key">
          <i className="rs-sw rs-sw-reads" /> {t('rsClReads')}{' '}
          <i className="rs-sw rs-sw-downloads" /> {t('rsClDownloads')}
        </span>
      </p>
      <div className="rs-files">
        {reads.files.map((f) => (
          <div
            key={f.file}
            className={`rs-file${f.justNow ? ' rs-now' : ''}`}
            title={t('rsClFileTitle', {
              file: f.file,
              bytes: formatBytes(f.bytes),
              reads: f.reads,
              downloads: f.downloads,
              readers: f.readers.join(', '),
            })}
            data-testid="rs-cl-file"
          >
            <span className="mono rs-file-name">{shortName(f.file)}</span>
            <svg width={BAR_W} height={16} aria-hidden="true">
              <rect className="rs-bar-reads" y={1} width={x(f.reads)} height={6} rx={1} />
              <rect className="rs-bar-downloads" y={9} width={x(f.downloads)} height={6} rx={1} />
            </svg>
            <span className="rs-ms">
              {f.reads} / {f.downloads}
            </span>
          </div>
        ))}
      </div>
      <p className="rs-note">{t(reads.cached ? 'rsClCache' : 'rsClNoCache')}</p>
    </div>
  );
}
