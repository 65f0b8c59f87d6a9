import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { curlExamples } from '@proxy/contract';
import { CardSection, CopyField, QueryPage, useQueryPageTexts } from '../../../shared/ui';
import { useApiTools } from '../api/get-api-tools';
import '../api-tools.css';

/** A sticky session id like the generator's: 6 digits, not starting with 0. */
const randomSessionId = () => {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return String(100_000 + (value % 900_000));
};

/**
 * The API tools page of a package (spec: host, port, login, password, https and socks5 URLs and
 * curl examples for country, city, session and their combinations; decision 124).
 */
export const ApiToolsPage = ({ packageKey }: { packageKey: string }) => {
  const { t } = useTranslation('api-tools');
  const query = useApiTools(packageKey);
  const texts = useQueryPageTexts('api-tools');
  const [session] = useState(randomSessionId);
  return (
    <QueryPage className="api-tools-page" query={query} texts={texts}>
      {(tools) => (
        <>
          <CardSection id="api-tools-connection" title={t('connection')}>
            <div className="card-grid">
              <CopyField label={t('fields.host')} value={tools.host} />
              <CopyField label={t('fields.port')} value={tools.port} />
              {tools.port_socks !== null && (
                <CopyField label={t('fields.port_socks')} value={tools.port_socks} />
              )}
              <CopyField label={t('fields.login')} value={tools.login} />
              <CopyField label={t('fields.password')} value={tools.password} />
            </div>
            {/* An http:// proxy URL: HTTPS sites go through it by CONNECT (decision 124). */}
            <CopyField label={t('fields.http_url')} value={tools.https_url} />
            {tools.socks5_url !== null && (
              <CopyField label={t('fields.socks5_url')} value={tools.socks5_url} />
            )}
          </CardSection>
          <CardSection id="api-tools-targeting" title={t('targeting.title')}>
            <ul className="api-tools-rules">
              <li>
                {t('targeting.country')} <code>{`${tools.login}_c_{ISO}`}</code>
              </li>
              <li>
                {t('targeting.city')} <code>{`${tools.login}_c_{ISO}_city_{city}`}</code>
              </li>
              <li>
                {t('targeting.session')} <code>{`${tools.login}_s_{id}`}</code>
              </li>
              <li>{t('targeting.combined')}</li>
            </ul>
            {tools.sample === null && <p className="api-tools-note">{t('targeting.no_places')}</p>}
          </CardSection>
          <CardSection id="api-tools-examples" title={t('examples.title')}>
            {curlExamples(tools, session).map((example) => (
              <div key={example.key} data-testid="curl-example" data-example={example.key}>
                <CopyField
                  label={t(`examples.${example.key}`, {
                    country: tools.sample?.country.toUpperCase() ?? '',
                    city: tools.sample?.city ?? '',
                    session,
                  })}
                  value={example.command}
                />
              </div>
            ))}
          </CardSection>
        </>
      )}
    </QueryPage>
  );
};
