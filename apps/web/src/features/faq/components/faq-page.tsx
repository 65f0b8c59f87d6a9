import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAQ_SEARCH_MIN_LENGTH, SEARCH_DEBOUNCE_MS } from '@proxy/contract';
import { PUBLIC_FAQ_URLS, siteDomain } from '../../../shared/config';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { Input, QueryPage, SearchParamTabs } from '../../../shared/ui';
import { useFaq } from '../api/get-faq';
import { parseTabIndex, searchFaq } from '../utils/search-faq';
import { FaqAccordion } from './faq-accordion';
import '../faq.css';

export const FaqPage = () => {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const query = useFaq(language);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const isSearching = debounced.length >= FAQ_SEARCH_MIN_LENGTH;
  const domain = siteDomain();

  const categories = useMemo(() => query.data?.faq_categories ?? [], [query.data]);
  const results = useMemo(
    () => (isSearching ? searchFaq(categories, debounced) : []),
    [categories, debounced, isSearching],
  );

  return (
    <QueryPage
      className="faq-page"
      query={query}
      texts={{
        title: t('faq.title'),
        loading: t('faq.loading'),
        error: query.error?.message || t('faq.fetch_error'),
        retry: t('faq.retry'),
      }}
      lang={i18n.language}
    >
      {() =>
        categories.length === 0 ? (
          <div className="faq-page__empty">
            <p>{t('faq.empty')}</p>
            <a href={PUBLIC_FAQ_URLS[language]} target="_blank" rel="noopener noreferrer">
              {t('faq.public_link')}
              <span className="visually-hidden"> {t('ui.opens_new_tab')}</span>
            </a>
          </div>
        ) : (
          <>
            <div className="faq-page__search">
              <Input
                label={t('faq.search_label')}
                type="search"
                value={search}
                placeholder={t('faq.search_placeholder')}
                hint={t('faq.search_hint', { count: FAQ_SEARCH_MIN_LENGTH })}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            {isSearching ? (
              <section aria-label={t('faq.results')} className="faq-page__results">
                <p role="status" className="text-muted">
                  {t('faq.results_count', { count: results.length })}
                </p>
                {results.length > 0 ? (
                  <FaqAccordion key={debounced} items={results} domain={domain} />
                ) : (
                  <p>{t('faq.no_results')}</p>
                )}
              </section>
            ) : (
              <SearchParamTabs
                label={t('faq.categories')}
                parse={(value) => parseTabIndex(value, categories.length)}
                items={categories.map((category) => ({
                  id: String(category.id),
                  label: category.title,
                  content: <FaqAccordion items={category.faqs} domain={domain} />,
                }))}
              />
            )}
          </>
        )
      }
    </QueryPage>
  );
};
