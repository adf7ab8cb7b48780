/**
 * Terms in the app's text that open their glossary entry: a dotted underline, a real button (Tab
 * reaches it, Enter or Space opens the entry), named by its own text and described as opening the
 * glossary. `TermText` finds the terms in a sentence; `Term` marks one explicitly.
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import type { GlossaryId } from './glossaryTerms';
import { findTerms } from './termMatcher';
import './glossary.css';

export function Term({ id, children }: { id: GlossaryId; children: ReactNode }) {
  const t = useT();
  const open = useAppStore((s) => s.openGlossary);
  const label = typeof children === 'string' ? children : id;
  return (
    <button
      type="button"
      className="term"
      aria-haspopup="dialog"
      title={t('hlpGlossaryTermHint', { term: label })}
      data-term={id}
      onClick={(e) => {
        // A term inside a clickable row or heading opens the glossary only.
        e.stopPropagation();
        open(id);
      }}
    >
      {children}
    </button>
  );
}

/** A sentence of the app with its glossary terms as `Term`s (each entry once). */
export function TermText({ text }: { text: string }) {
  const lang = useAppStore(selectLang);
  const pieces = useMemo(() => findTerms(text, lang), [text, lang]);
  return (
    <>
      {pieces.map((p, i) =>
        typeof p === 'string' ? (
          <Fragment key={i}>{p}</Fragment>
        ) : (
          <Term key={i} id={p.id}>
            {p.text}
          </Term>
        ),
      )}
    </>
  );
}
