/**
 * The builder's question editor for one stop: its kind (a number, files to choose, what happens
 * next), the prompt and the "why" in English and Chinese, and what the answer is, as a fact the
 * engine evaluates (never a value typed in). The builder previews the engine's answer.
 */
import { useState } from 'react';
import { EVENT_TYPES, type Fact, type Question } from '../../lessons/lessonSchema';
import { useT } from '../../i18n/useT';
import type { MessageKey } from '../../i18n/messages';

type Kind = 'none' | 'number' | 'files' | 'next';
const NUMBER_FACTS = ['referenceCount', 'lastUsedCheckpointId'] as const;
const FILES_FACTS = ['uploadedSsts', 'sharedSsts', 'deletedSsts'] as const;

interface Draft {
  kind: Kind;
  prompt: { en: string; zh: string };
  explain: { en: string; zh: string };
  fact: string;
  /** The SST or checkpoint id the fact names. */
  n: string;
  among: string;
}

function toQuestion(d: Draft): Question | undefined {
  const n = Math.max(1, Math.round(Number(d.n) || 1));
  const base = { prompt: d.prompt, explain: d.explain };
  switch (d.kind) {
    case 'none':
      return undefined;
    case 'number':
      return { kind: 'number', ...base, answer: { fact: d.fact as (typeof NUMBER_FACTS)[number], sst: n } as Fact };
    case 'files':
      return { kind: 'files', ...base, answer: (d.fact === 'deletedSsts' ? { fact: 'deletedSsts' } : { fact: d.fact, checkpointId: n }) as Fact };
    case 'next':
      return { kind: 'next', ...base, among: d.among.split(',').map((x) => x.trim()).filter(Boolean) as Question & { kind: 'next' } extends { among: infer A } ? A : never };
  }
}

export function LessonQuestionDraft({ index, question, onChange }: { index: number; question: Question | undefined; onChange: (q: Question | undefined) => void }) {
  const t = useT();
  const [d, setD] = useState<Draft>(() => ({ kind: (question?.kind as Kind) ?? 'none', prompt: question?.prompt ?? { en: '', zh: '' }, explain: question?.explain ?? { en: '', zh: '' }, fact: 'referenceCount', n: '1', among: 'checkpoint.completed, checkpoint.aborted' }));
  const set = (patch: Partial<Draft>) => {
    const next = { ...d, ...patch };
    if (patch.kind === 'number') next.fact = NUMBER_FACTS[0];
    if (patch.kind === 'files') next.fact = FILES_FACTS[0];
    setD(next);
    onChange(toQuestion(next));
  };
  const facts = d.kind === 'number' ? NUMBER_FACTS : d.kind === 'files' ? FILES_FACTS : [];
  return (
    <fieldset className="lb-question" data-testid={`lb-question-${index}`}>
      <legend>
        {t('lbQuestion')}{' '}
        <select value={d.kind} onChange={(e) => set({ kind: e.target.value as Kind })} data-testid={`lb-question-kind-${index}`}>
          <option value="none">{t('lbQuestionNone')}</option>
          {(['number', 'files', 'next'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`lbQuestionKind_${k}` as MessageKey)}
            </option>
          ))}
        </select>
      </legend>
      {d.kind !== 'none' && (
        <>
          <input placeholder={t('lbPromptEn')} aria-label={t('lbPromptEn')} value={d.prompt.en} onChange={(e) => set({ prompt: { ...d.prompt, en: e.target.value } })} data-testid={`lb-prompt-en-${index}`} />
          <input placeholder={t('lbPromptZh')} aria-label={t('lbPromptZh')} value={d.prompt.zh} onChange={(e) => set({ prompt: { ...d.prompt, zh: e.target.value } })} data-testid={`lb-prompt-zh-${index}`} />
          {d.kind === 'next' ? (
            <label>
              {t('lbAmong')}
              <input value={d.among} list="lb-event-types" onChange={(e) => set({ among: e.target.value })} data-testid={`lb-among-${index}`} />
              <datalist id="lb-event-types">
                {EVENT_TYPES.map((e) => (
                  <option key={e} value={e} />
                ))}
              </datalist>
            </label>
          ) : (
            <label>
              {t('lbFact')}{' '}
              <select value={d.fact} onChange={(e) => set({ fact: e.target.value })} data-testid={`lb-fact-${index}`}>
                {facts.map((f) => (
                  <option key={f} value={f}>
                    {t(`lbFact_${f}` as MessageKey)}
                  </option>
                ))}
              </select>{' '}
              {d.fact !== 'deletedSsts' && <input type="number" min={1} value={d.n} onChange={(e) => set({ n: e.target.value })} data-testid={`lb-fact-n-${index}`} />}
            </label>
          )}
          <textarea placeholder={t('lbExplainEn')} aria-label={t('lbExplainEn')} value={d.explain.en} onChange={(e) => set({ explain: { ...d.explain, en: e.target.value } })} data-testid={`lb-explain-en-${index}`} />
          <textarea placeholder={t('lbExplainZh')} aria-label={t('lbExplainZh')} value={d.explain.zh} onChange={(e) => set({ explain: { ...d.explain, zh: e.target.value } })} data-testid={`lb-explain-zh-${index}`} />
        </>
      )}
    </fieldset>
  );
}
