import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CancelButton, CopyableCode, Input, Modal, showAlert } from '../../../shared/ui';
import { ApiError } from '../../../shared/api/api-error';
import { useRegenerateApiKey } from '../api/regenerate-api-key';

/**
 * The user's API key (the reseller API's X-Api-Key) with copy and regenerate. Regenerating is
 * confirmed first: the current key stops working at once.
 */
export const ProfileApiKeyCard = ({
  apiKey,
  isTwoFactorEnabled,
}: {
  apiKey: string;
  /** Then regenerating asks for a code. */
  isTwoFactorEnabled: boolean;
}) => {
  const { t } = useTranslation('profile');
  const [isConfirming, setIsConfirming] = useState(false);
  const [code, setCode] = useState('');
  const regenerate = useRegenerateApiKey();
  const confirm = () =>
    regenerate.mutate(isTwoFactorEnabled ? { two_factor_code: code.trim() } : {}, {
      onSuccess: (response) => showAlert.success(response.message),
      onError: (error) =>
        showAlert.error(error instanceof ApiError ? error.message : t('api_key.failed')),
      onSettled: () => {
        setIsConfirming(false);
        setCode('');
      },
    });
  return (
    <section className="card stack" aria-labelledby="profile-api-key-title">
      <h2 id="profile-api-key-title" className="section-title">
        {t('api_key.title')}
      </h2>
      <p>{t('api_key.intro')}</p>
      <CopyableCode
        value={apiKey}
        copyLabel={t('api_key.copy_label')}
        texts={{ copy: t('api_key.copy'), copied: t('api_key.copied') }}
      />
      <div className="form-actions">
        <Button variant="secondary" onClick={() => setIsConfirming(true)}>
          {t('api_key.regenerate')}
        </Button>
      </div>
      <Modal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={t('api_key.confirm_title')}
        footer={
          <>
            <CancelButton onClick={() => setIsConfirming(false)} />
            <Button onClick={confirm} isLoading={regenerate.isPending}>
              {t('api_key.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('api_key.confirm_text')}</p>
        {isTwoFactorEnabled ? (
          <Input
            label={t('security.code_for_action')}
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        ) : null}
      </Modal>
    </section>
  );
};
