import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { curlExamples } from '@proxy/contract';
import { useCopy } from '../../../shared/lib/use-copy';
import { CardSection, QueryPage, useQueryPageTexts } from '../../../shared/ui';
import { useApiTools } from '../api/get-api-tools';
import { CopyField } from './copy-field';
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
  const { copied, copy } = useCopy();
  const [session] = useState(randomSessionId);
  return (
    <QueryPage className="api-tools-page" query={query} texts={texts}>
      {(tools) => {
        const field = (id: string, label: string, value: string, isMultiline = false) => (
          <CopyField
            key={id}
            label={label}
            value={value}
            isMultiline={isMultiline}
            isCopied={copied === id}
            onCopy={() => void copy(value, id)}
          />
        );
        return (
          <>
            <CardSection id="api-tools-connection" title={t('connection')}>
              <div className="api-tools-grid">
                {field('host', t('fields.host'), tools.host)}
                {field('port', t('fields.port'), String(tools.port))}
                {tools.port_socks !== null &&
                  field('port_socks', t('fields.port_socks'), String(tools.port_socks))}
                {field('login', t('fields.login'), tools.login)}
                {field('password', t('fields.password'), tools.password)}
              </div>
              {field('https_url', t('fields.https_url'), tools.https_url)}
              {tools.socks5_url !== null &&
                field('socks5_url', t('fields.socks5_url'), tools.socks5_url)}
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
              {tools.sample === null && (
                <p className="api-tools-note">{t('targeting.no_places')}</p>
              )}
            </CardSection>
            <CardSection id="api-tools-examples" title={t('examples.title')}>
              {curlExamples(tools, session).map((example) => (
                <div key={example.key} data-testid="curl-example" data-example={example.key}>
                  {field(
                    `example-${example.key}`,
                    t(`examples.${example.key}`, {
                      country: tools.sample?.country.toUpperCase() ?? '',
                      city: tools.sample?.city ?? '',
                      session,
                    }),
                    example.command,
                    true,
                  )}
                </div>
              ))}
            </CardSection>
          </>
        );
      }}
    </QueryPage>
  );
};
