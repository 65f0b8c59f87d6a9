import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../../shared/config';
import { useFirstScreenPainted } from '../../../shared/lib/after-paint';
import { readReferralCode } from '../../../shared/lib/referral-code';
import { Button, Tooltip } from '../../../shared/ui';
import { useAuthProviders } from '../api/get-auth-providers';

export const googleRedirectUrl = (referralCode: string | null): string =>
  `${API_BASE}/google/redirect${referralCode ? `?ref=${encodeURIComponent(referralCode)}` : ''}`;

const GoogleIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path
      fill="#4285F4"
      d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.2-4.8 3.2-8Z"
    />
    <path
      fill="#34A853"
      d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z"
    />
    <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8Z" />
    <path
      fill="#EA4335"
      d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4Z"
    />
  </svg>
);

/**
 * Sends the browser to the API's Google redirect; disabled after the first click, and
 * disabled with a tooltip when the server has no Google client configured.
 */
export const GoogleButton = () => {
  const { t } = useTranslation('auth');
  const [isRedirecting, setRedirecting] = useState(false);
  // The button is usable before the answer: asked for after the screen's first paint.
  const providers = useAuthProviders(useFirstScreenPainted());
  const isUnavailable = providers.data?.google === false;
  const button = (
    <Button
      variant="secondary"
      isBlock
      icon={<GoogleIcon />}
      disabled={isRedirecting || isUnavailable}
      onClick={() => {
        setRedirecting(true);
        window.location.assign(googleRedirectUrl(readReferralCode()));
      }}
    >
      {t('google')}
    </Button>
  );
  if (!isUnavailable) return button;
  return (
    <Tooltip content={t('google_unavailable')}>
      {(describedBy) => (
        // A disabled button gets no hover or focus: the wrapper carries the explanation.
        <span className="google-button--unavailable" tabIndex={0} aria-describedby={describedBy}>
          {button}
        </span>
      )}
    </Tooltip>
  );
};

export const OrDivider = () => {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-divider" role="separator">
      <span>{t('or')}</span>
    </div>
  );
};
