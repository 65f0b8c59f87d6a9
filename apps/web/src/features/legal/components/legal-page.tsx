import { useTranslation } from 'react-i18next';
import { LEGAL_DOCUMENTS, type LegalDocument } from '@proxy/contract';
import { siteDomain } from '../../../shared/config';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { sanitizeDocumentHtml } from '../../../shared/lib/sanitize-html';
import { QueryPage, SearchParamTabs, useQueryPageTexts } from '../../../shared/ui';
import { useLegal } from '../api/get-legal';
import '../legal.css';

/** `?tab=` by index (like the FAQ) or by document name; anything else is the first tab. */
export const parseLegalTab = (value: string | null): number => {
  if (value === null) return 0;
  const byName = LEGAL_DOCUMENTS.indexOf(value as LegalDocument);
  if (byName >= 0) return byName;
  const index = Number(value);
  return Number.isInteger(index) && index >= 0 && index < LEGAL_DOCUMENTS.length ? index : 0;
};

/**
 * The five documents, as the API serves them: texts in the UI language with the operator's
 * domain, company and support contacts from the server's configuration (docs/decisions/074).
 */
export const LegalPage = () => {
  const { t, i18n } = useTranslation('legal');
  const query = useLegal(currentLanguage());
  const texts = useQueryPageTexts('legal');
  return (
    <QueryPage className="legal-page stack" query={query} texts={texts}>
      {({ documents, updated_at: updatedAt }) => (
        <>
          <p className="text-muted">
            {t('updated', {
              date: new Date(`${updatedAt}T00:00:00Z`).toLocaleDateString(i18n.language, {
                dateStyle: 'long',
                timeZone: 'UTC',
              }),
            })}
          </p>
          <SearchParamTabs
            label={t('title')}
            parse={parseLegalTab}
            items={LEGAL_DOCUMENTS.map((document) => ({
              id: document,
              label: t(`tabs.${document}`),
              content: (
                <article
                  className="legal-page__document"
                  // The API fills the contacts in; sanitised (DOMPurify) before rendering all the same.
                  dangerouslySetInnerHTML={{
                    __html: sanitizeDocumentHtml(documents[document], siteDomain()),
                  }}
                />
              ),
            }))}
          />
        </>
      )}
    </QueryPage>
  );
};
