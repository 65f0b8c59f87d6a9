import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CustomTypeOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert';
import { Button } from './button';
import { Loader } from './spinner';

type QueryTexts = { loading: string; error: string; retry: string };

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  texts: QueryTexts;
  /** The content, once the data is there. */
  children: (data: T) => ReactNode;
};

/** One query's state: a loader while it loads, the error with a retry when it failed, or the content. */
export const QueryState = <T,>({ query, texts, children }: QueryStateProps<T>) => {
  if (query.isPending) return <Loader label={texts.loading} />;
  if (query.isError)
    return (
      <Alert type="error">
        <p>{texts.error}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {texts.retry}
        </Button>
      </Alert>
    );
  return <>{children(query.data)}</>;
};

/** A query page's title and the texts of its query's states. */
export type QueryPageTexts = QueryTexts & { title: string };

type Resources = CustomTypeOptions['resources'];

/** The namespaces of query pages: each holds the page's texts as `title`, `loading`, `error`, `retry`. */
type QueryPageNamespace = {
  [N in keyof Resources]: Resources[N] extends Record<keyof QueryPageTexts, string> ? N : never;
}[keyof Resources];

/** A query page's texts, read from its namespace. */
export const useQueryPageTexts = (namespace: QueryPageNamespace): QueryPageTexts => {
  const { t } = useTranslation(namespace);
  return { title: t('title'), loading: t('loading'), error: t('error'), retry: t('retry') };
};

type QueryPageProps<T> = {
  className: string;
  /** The query the page shows. */
  query: UseQueryResult<T>;
  texts: QueryPageTexts;
  /** Set when the content is in a language of its own (the API's, not the bundle's). */
  lang?: string;
  /** The page's content, once the data is there. */
  children: (data: T) => ReactNode;
};

/** A page that shows one query: its title, then the query's state (QueryState). */
export const QueryPage = <T,>({ className, query, texts, lang, children }: QueryPageProps<T>) => (
  <div className={className} lang={lang}>
    <h1 className="page-title">{texts.title}</h1>
    <QueryState query={query} texts={texts}>
      {children}
    </QueryState>
  </div>
);
