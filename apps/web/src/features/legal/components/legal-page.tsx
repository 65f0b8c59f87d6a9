import { useTranslation } from 'react-i18next';
import { siteDomain } from '../../../shared/config';
import { sanitizeDocumentHtml } from '../../../shared/lib/sanitize-html';
import { useTabParam } from '../../../shared/lib/use-tab-param';
import { Tabs } from '../../../shared/ui';
import '../legal.css';

/** Date of the current revision of the documents (shown as "Last updated"). */
export const LEGAL_UPDATED_AT = '2025-01-15';

export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'cookie', 'refund', 'ethics'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** `?tab=` by index (like the FAQ) or by document name; anything else is the first tab. */
export const parseLegalTab = (value: string | null): number => {
  if (value === null) return 0;
  const byName = LEGAL_DOCUMENTS.indexOf(value as LegalDocument);
  if (byName >= 0) return byName;
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < LEGAL_DOCUMENTS.length ? index : 0;
};

export const LegalPage = () => {
  const { t, i18n } = useTranslation('legal');
  const [tab, setTab] = useTabParam(parseLegalTab);
  const domain = siteDomain();
  return (
    <div className="legal-page">
      <h1 className="page-title">{t('title')}</h1>
      <p className="text-muted">
        {t('updated', {
          date: new Date(`${LEGAL_UPDATED_AT}T00:00:00Z`).toLocaleDateString(i18n.language, {
            dateStyle: 'long',
            timeZone: 'UTC',
          }),
        })}
      </p>
      <Tabs
        label={t('title')}
        selectedIndex={tab}
        onChange={setTab}
        items={LEGAL_DOCUMENTS.map((document) => ({
          id: document,
          label: t(`tabs.${document}`),
          content: (
            <article
              className="legal-page__document"
              // Texts come from our own locale files; still sanitised (DOMPurify) before rendering.
              dangerouslySetInnerHTML={{
                __html: sanitizeDocumentHtml(t(`documents.${document}`, { domain }), domain),
              }}
            />
          ),
        }))}
      />
    </div>
  );
};
