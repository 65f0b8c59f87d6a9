import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
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

type QueryPageProps<T> = {
  className: string;
  title: string;
  /** The query the page shows. */
  query: UseQueryResult<T>;
  texts: QueryTexts;
  /** Set when the content is in a language of its own (the API's, not the bundle's). */
  lang?: string;
  /** The page's content, once the data is there. */
  children: (data: T) => ReactNode;
};

/** A page that shows one query: its title, then the query's state (QueryState). */
export const QueryPage = <T,>({
  className,
  title,
  query,
  texts,
  lang,
  children,
}: QueryPageProps<T>) => (
  <div className={className} lang={lang}>
    <h1 className="page-title">{title}</h1>
    <QueryState query={query} texts={texts}>
      {children}
    </QueryState>
  </div>
);
