import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API_KEY_HEADER, appEndpoints, type OpenApiDocument } from '@proxy/contract';
import { apiUrl } from '../../../shared/api/http-client';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/config/paths';
import { useCopy } from '../../../shared/lib/use-copy';
import {
  Button,
  CardSection,
  CopyableCode,
  QueryPage,
  useQueryPageTexts,
} from '../../../shared/ui';
import { useOpenApiDocument } from '../api/get-openapi-document';
import { curlExample, documentedOperations, nodeExample } from '../utils/request-examples';
import { SwaggerView } from './swagger-view';
import '../api-docs.css';

/**
 * Where the API answers: this origin, or the API host a build targets (VITE_API_BASE). The
 * document's paths carry the /api prefix.
 */
const apiOrigin = () => new URL(apiUrl('/'), window.location.origin).origin;

/** The example shown first: the balance (GET /api/profile), the simplest call there is. */
const FIRST_EXAMPLE = 'profile.getProfile';

type CodeBlockProps = { id: string; title: string; code: string };

const CodeBlock = ({ id, title, code }: CodeBlockProps) => {
  const { t } = useTranslation('api-docs');
  const { copied, copy } = useCopy();
  const titleId = `${id}-title`;
  return (
    <figure className="api-docs-code" aria-labelledby={titleId}>
      <figcaption className="api-docs-code__caption">
        <span id={titleId}>{title}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void copy(code, id)}
          aria-label={t('examples.copy_label', { title })}
        >
          {copied === id ? t('copied') : t('copy')}
        </Button>
      </figcaption>
      <pre className="api-docs-code__body">
        <code>{code}</code>
      </pre>
    </figure>
  );
};

type SectionProps = { document: OpenApiDocument; apiKey: string; origin: string };

const Examples = ({ document, apiKey, origin }: SectionProps) => {
  const { t } = useTranslation('api-docs');
  const selectId = useId();
  const operations = useMemo(() => documentedOperations(document), [document]);
  const [selected, setSelected] = useState(FIRST_EXAMPLE);
  const operation = operations.find((entry) => entry.id === selected) ?? operations[0];
  if (!operation) return null;
  return (
    <CardSection id="api-docs-examples" title={t('examples.title')}>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          {t('examples.operation')}
        </label>
        <select
          id={selectId}
          className="field__input"
          value={operation.id}
          onChange={(event) => setSelected(event.target.value)}
        >
          {operations.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {`${entry.method} ${entry.path}: ${entry.summary}`}
            </option>
          ))}
        </select>
      </div>
      {operation.path.includes('{') && <p className="api-docs-note">{t('examples.parameters')}</p>}
      <CodeBlock
        id="curl"
        title={t('examples.curl')}
        code={curlExample(origin, operation, apiKey)}
      />
      <CodeBlock
        id="node"
        title={t('examples.node')}
        code={nodeExample(origin, operation, apiKey)}
      />
    </CardSection>
  );
};

type ApiDocsPageProps = { apiKey: string };

/**
 * /cabinet/api-documentation (spec 001: "loads a reseller documentation specification from the
 * provider's API"): the OpenAPI document of the public API, the user's key, copy-paste
 * examples in curl and Node, and the full reference (Swagger UI) with "Try it out".
 */
export const ApiDocsPage = ({ apiKey }: ApiDocsPageProps) => {
  const { t } = useTranslation('api-docs');
  const query = useOpenApiDocument(currentLanguage());
  const texts = useQueryPageTexts('api-docs');
  const documentUrl = apiUrl(appEndpoints.openApiDocument.path);
  const origin = apiOrigin();
  return (
    <QueryPage className="api-docs-page" query={query} texts={texts}>
      {(document) => (
        <>
          <CardSection id="api-docs-key" title={t('key.title')}>
            <p>{t('key.intro', { header: API_KEY_HEADER })}</p>
            <CopyableCode
              value={apiKey}
              copyLabel={t('key.copy_label')}
              texts={{ copy: t('copy'), copied: t('copied') }}
            />
            <p className="api-docs-note">
              {t('key.regenerate')} <Link to={paths.cabinet.profile}>{t('key.profile_link')}</Link>
            </p>
            <p className="api-docs-note">
              {t('document')} <a href={documentUrl}>{documentUrl}</a>
            </p>
          </CardSection>
          <Examples document={document} apiKey={apiKey} origin={origin} />
          <CardSection id="api-docs-reference" title={t('reference.title')}>
            <SwaggerView document={document} apiKey={apiKey} origin={origin} />
          </CardSection>
        </>
      )}
    </QueryPage>
  );
};
