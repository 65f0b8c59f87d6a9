import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_HEADER, API_KEY_SECURITY_SCHEME, type OpenApiDocument } from '@proxy/contract';
import { Alert, Loader } from '../../../shared/ui';
import { ensureDefaultTrustedPolicy } from '../../../shared/lib/default-trusted-policy';
import { oneMainLandmark } from '../utils/one-main-landmark';

/**
 * Swagger UI is ~400 KB gzip: its bundle and stylesheet are their own chunks, fetched when this
 * view mounts, so no other screen pays for them (and /login's first load stays small).
 */
const loadSwaggerUi = async () => {
  const [module] = await Promise.all([
    import('swagger-ui-dist/swagger-ui-es-bundle.js'),
    import('swagger-ui-dist/swagger-ui.css'),
  ]);
  return module.default;
};

type SwaggerViewProps = { document: OpenApiDocument; apiKey: string; origin: string };

/**
 * The document rendered by Swagger UI, with the user's key authorised for "Try it out" (the
 * Authorize dialog shows it; requests that carry no key get it added).
 */
export const SwaggerView = ({ document, apiKey, origin }: SwaggerViewProps) => {
  const { t } = useTranslation('api-docs');
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let isCurrent = true;
    const node = container.current;
    loadSwaggerUi().then(
      (SwaggerUI) => {
        if (!isCurrent || !node) return;
        // Swagger UI renders Markdown through innerHTML: sanitised by the default policy.
        ensureDefaultTrustedPolicy({ sanitizeMarkup: true });
        const ui = SwaggerUI({
          domNode: node,
          // Calls go to the API's origin (the document's paths carry the /api prefix).
          spec: { ...document, servers: [{ url: origin }] },
          deepLinking: false,
          plugins: [oneMainLandmark],
          displayOperationId: true,
          // Plain code blocks: the highlighter's palette falls below 4.5:1 contrast.
          syntaxHighlight: false,
          persistAuthorization: false,
          requestInterceptor: (request) => {
            request.headers[API_KEY_HEADER] ??= apiKey;
            return request;
          },
          onComplete: () => ui.preauthorizeApiKey(API_KEY_SECURITY_SCHEME, apiKey),
        });
        setState('ready');
      },
      () => {
        if (isCurrent) setState('failed');
      },
    );
    return () => {
      isCurrent = false;
      node?.replaceChildren();
    };
  }, [document, apiKey, origin]);

  return (
    <>
      {state === 'loading' && <Loader label={t('reference.loading')} />}
      {state === 'failed' && (
        <Alert type="error">
          <p>{t('reference.failed')}</p>
        </Alert>
      )}
      <div ref={container} className="api-docs-swagger" />
    </>
  );
};
