/**
 * The glossary: every term the app uses without explaining it, with its definition, Flink's names
 * for it and links to related entries, searchable. Opened from the help, with `g`, or from a term
 * in the text (then at that entry, which gets the focus so a screen reader reads it). Modal: Tab
 * stays inside, Escape closes, focus goes back to where it was.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import { useDialogFocus } from '../config/useDialogFocus';
import { GLOSSARY_FACTS, GLOSSARY_IDS, type GlossaryId } from './glossaryTerms';
import { glossaryEn } from './glossaryTextEn';
import { glossaryZh } from './glossaryTextZh';
import './glossary.css';

const isId = (s: string): s is GlossaryId => (GLOSSARY_IDS as readonly string[]).includes(s);

/** What a search looks through: both languages' names (a term is often typed in English), the definition, Flink's names. */
function haystack(id: GlossaryId, lang: 'en' | 'zh'): string {
  const own = lang === 'zh' ? glossaryZh[id] : glossaryEn[id];
  return [glossaryEn[id].term, glossaryZh[id].term, own.definition, ...GLOSSARY_FACTS[id].flink].join('\n').toLowerCase();
}

export function GlossaryDialog() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const entry = useAppStore((s) => s.glossaryEntry);
  const openAt = useAppStore((s) => s.openGlossary);
  const close = useAppStore((s) => s.closeGlossary);
  const [query, setQuery] = useState('');
  const dialog = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useDialogFocus(dialog, close);
  const id = useId();
  const text = lang === 'zh' ? glossaryZh : glossaryEn;
  const q = query.trim().toLowerCase();
  const shown = useMemo(() => GLOSSARY_IDS.filter((g) => q === '' || haystack(g, lang).includes(q)), [q, lang]);
  const current = entry !== null && isId(entry) ? entry : null;

  // Opened at an entry (from a term or a "see also" link): show it and give it the focus.
  useEffect(() => {
    if (!current) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-entry="${current}"]`);
    el?.scrollIntoView({ block: 'start' });
    el?.focus();
  }, [current]);

  const goTo = (g: GlossaryId) => {
    setQuery('');
    openAt(g);
  };

  return (
    <div className="overlay" role="presentation" onClick={close}>
      <div
        ref={dialog}
        className="dialog glossary-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        data-testid="glossary"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <div className="glossary-head">
          <h2 id={`${id}-title`}>{t('hlpGlossary')}</h2>
          <button type="button" onClick={close} data-testid="glossary-close">
            {t('close')}
          </button>
        </div>
        <input
          type="search"
          className="glossary-search"
          aria-label={t('hlpGlossarySearch')}
          placeholder={t('hlpGlossarySearch')}
          data-testid="glossary-search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <p className="muted small" role="status" data-testid="glossary-count">
          {shown.length === 0 ? t('hlpGlossaryNone', { q: query.trim() }) : t('hlpGlossaryCount', { n: shown.length, total: GLOSSARY_IDS.length })}
        </p>
        <div className="glossary-list" ref={listRef}>
          {shown.map((g) => (
            <article
              key={g}
              className={g === current ? 'glossary-entry current' : 'glossary-entry'}
              data-entry={g}
              data-testid={`glossary-entry-${g}`}
              tabIndex={-1}
              aria-labelledby={`${id}-${g}`}
            >
              <h3 id={`${id}-${g}`}>{text[g].term}</h3>
              <p>{text[g].definition}</p>
              <div className="glossary-flink">
                <span className="muted">{t('hlpGlossaryFlink')}:</span>
                {GLOSSARY_FACTS[g].flink.map((f) => (
                  <code key={f}>{f}</code>
                ))}
              </div>
              <div className="glossary-related">
                <span className="muted">{t('hlpGlossaryRelated')}:</span>
                {GLOSSARY_FACTS[g].related.map((r) => (
                  <button key={r} type="button" data-testid={`glossary-link-${r}`} onClick={() => goTo(r)}>
                    {text[r].term}
                  </button>
                ))}
              </div>
            </article>
          ))}
        </div>
      </div>
    </div>
  );
}
