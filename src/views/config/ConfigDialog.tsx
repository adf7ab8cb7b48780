/**
 * The scenario's configuration under Flink's keys, with Flink's real defaults beside the values
 * this teaching run uses; scaled sizes and compressed times are marked, so nobody mistakes a
 * 1 KB write buffer for advice.
 */
import { useEffect, useMemo, useRef } from 'react';
import { describeConfig } from '../../engine';
import { useAppStore } from '../../store/appStore';
import { useT } from '../../i18n/useT';

export function ConfigDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const scenario = useAppStore((s) => s.scenario);
  const rows = useMemo(() => describeConfig(scenario), [scenario]);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="overlay" role="presentation" onClick={onClose}>
      <div className="dialog wide" role="dialog" aria-modal="true" aria-labelledby="config-title" data-testid="config-dialog" onClick={(e) => e.stopPropagation()}>
        <h2 id="config-title">
          {t('configuration')} <span className="muted">— {scenario.title}</span>
        </h2>
        <p className="muted small">{t('configNote')}</p>
        <div className="config-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th>{t('flinkKey')}</th>
                <th>{t('thisRun')}</th>
                <th>{t('flinkDefault')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <td className="mono">{r.key}</td>
                  <td>
                    {r.value}
                    {r.scaled && (
                      <span className="badge progress" title={t('scaledHint')}>
                        {t('scaled')}
                      </span>
                    )}
                  </td>
                  <td className="muted">{r.flinkDefault}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <button ref={closeRef} type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
