/** "SVG" and "PNG" download buttons for one chart. */
import { useState, type RefObject } from 'react';
import { downloadBlob } from '../../app/downloadJson';
import { useT } from '../../i18n/useT';
import { serializeSvg, svgToPng } from './exportSvg';

export function ExportButtons({
  svgRef,
  name,
  title,
}: {
  svgRef: RefObject<SVGSVGElement | null>;
  name: string;
  title: string;
}) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const run = async (format: 'svg' | 'png') => {
    const svg = svgRef.current;
    if (!svg) return;
    setError(null);
    try {
      const source = serializeSvg(svg);
      const { width, height } = svg.getBoundingClientRect();
      const blob =
        format === 'svg'
          ? new Blob([source], { type: 'image/svg+xml' })
          : await svgToPng(source, width, height);
      downloadBlob(`${name}.${format}`, blob);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <span className="export-buttons">
      {(['svg', 'png'] as const).map((f) => (
        <button
          key={f}
          type="button"
          onClick={() => void run(f)}
          aria-label={t('chartExportLabel', { chart: title, format: f.toUpperCase() })}
          title={t('chartExportLabel', { chart: title, format: f.toUpperCase() })}
          data-testid={`export-${f}`}
        >
          {f === 'svg' ? t('chartExportSvg') : t('chartExportPng')}
        </button>
      ))}
      {error && (
        <span className="export-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
