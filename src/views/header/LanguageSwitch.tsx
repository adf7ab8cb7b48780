/** The English / 中文 switch: the simulator's header, the inspector's and the comparison page's. */
import { useAppStore } from '../../store/appStore';
import { selectLang } from '../../store/selectors';
import { useT } from '../../i18n/useT';
import type { Lang } from '../../i18n/language';

export const LANGS: readonly { id: Lang; label: string }[] = [
  { id: 'en', label: 'English' },
  { id: 'zh', label: '中文' },
];

export function LanguageSwitch() {
  const t = useT();
  const lang = useAppStore(selectLang);
  const setLang = useAppStore((s) => s.setLang);
  return (
    <div className="lang-switch" role="group" aria-label={t('language')}>
      {LANGS.map((l) => (
        <button key={l.id} type="button" aria-pressed={lang === l.id} data-testid={`lang-${l.id}`} onClick={() => void setLang(l.id)}>
          {l.label}
        </button>
      ))}
    </div>
  );
}
