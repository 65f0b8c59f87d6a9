import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../../shared/ui';

export type Credentials = {
  host: string;
  port_http: number;
  /** Null when SOCKS5 was not bought (an HTTP(S)-only ISP package): no port is shown. */
  port_socks: number | null;
  login: string;
  password: string;
};

/** Host, HTTP and SOCKS5 ports, login and password, each with a copy button. */
export const CredentialsGrid = ({ credentials }: { credentials: Credentials }) => {
  const { t } = useTranslation('packages');
  return (
    <div className="card-grid">
      <CopyField label={t('credentials.host')} value={credentials.host} />
      <CopyField label={t('credentials.port_http')} value={credentials.port_http} />
      {credentials.port_socks !== null && (
        <CopyField label={t('credentials.port_socks')} value={credentials.port_socks} />
      )}
      <CopyField label={t('credentials.login')} value={credentials.login} />
      <CopyField label={t('credentials.password')} value={credentials.password} />
    </div>
  );
};
