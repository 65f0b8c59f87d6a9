import { LANGUAGES, type Language } from '@proxy/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';
import { useAwaitingAppProps } from '../lib/use-is-hydrated';

/** EN / RU toggle buttons (aria-pressed). `onChange` lets the cabinet also save the locale. */
export const LanguageSwitch = ({ onChange }: { onChange?: (language: Language) => void }) => {
  const { t, i18n } = useTranslation();
  const active = i18n.resolvedLanguage ? currentLanguage() : 'en';
  const awaitingApp = useAwaitingAppProps();
  return (
    <div className="lang-switch" role="group" aria-label={t('ui.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="lang-switch__btn"
          aria-pressed={language === active}
          lang={language}
          {...awaitingApp}
          onClick={() => {
            if (language === active) return;
            if (onChange) onChange(language);
            else void i18n.changeLanguage(language);
          }}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
};
