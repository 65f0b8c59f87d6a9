import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoginTwoFactorInput } from '@proxy/contract';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { Button, FormInput } from '../../../shared/ui';
import { useLoginTwoFactor } from '../api/login-two-factor';
import { usePostLogin } from '../hooks/use-post-login';
import { reportAuthError } from '../utils/report-auth-error';

const resolver = lazyZodResolver<LoginTwoFactorInput>(() =>
  import('../../../shared/validation/auth-schemas').then((m) => m.loginTwoFactorSchema),
);

/**
 * The second sign-in step of an account with two-factor sign-in: the code of the authenticator
 * app or one of the recovery codes, with the challenge the password step answered.
 */
export const TwoFactorStep = ({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: () => void;
}) => {
  const { t } = useTranslation('auth');
  const submit = useLoginTwoFactor();
  const postLogin = usePostLogin();
  const form = useForm<LoginTwoFactorInput>({
    resolver,
    defaultValues: { challenge_token: challenge, code: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await submit.mutateAsync(values);
      await postLogin(response.token, response.user);
    } catch (error) {
      reportAuthError(error, form.setError, ['code']);
    }
  });

  return (
    <form className="stack" noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
      <p className="text-muted">{t('two_factor.prompt')}</p>
      <FormInput
        form={form}
        name="code"
        label={t('two_factor.code')}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
      />
      <Button type="submit" isBlock isLoading={form.formState.isSubmitting}>
        {t('two_factor.submit')}
      </Button>
      <Button variant="secondary" isBlock onClick={onRestart}>
        {t('two_factor.restart')}
      </Button>
    </form>
  );
};
