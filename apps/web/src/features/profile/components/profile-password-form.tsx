import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { buildProfileUpdatePayload, type ProfilePasswordFormInput } from '@proxy/contract';
import { reportFormError } from '../../../shared/lib/form-errors';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { CurrentPasswordInput, FormInput, NewPasswordFields, showAlert } from '../../../shared/ui';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileFormCard } from './profile-form-card';

const resolver = lazyZodResolver<ProfilePasswordFormInput>(() =>
  import('../../../shared/validation/profile-schemas').then((m) => m.profilePasswordFormSchema),
);

/** With two-factor sign-in on, a password change also asks for a code. */
export const ProfilePasswordForm = ({ isTwoFactorEnabled }: { isTwoFactorEnabled: boolean }) => {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const form = useForm<ProfilePasswordFormInput>({
    resolver,
    defaultValues: {
      current_password: '',
      password: '',
      password_confirmation: '',
      two_factor_code: '',
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(buildProfileUpdatePayload(values));
      form.reset();
      showAlert.success(t('password.saved'));
    } catch (error) {
      const fields = [
        'current_password',
        'password',
        'password_confirmation',
        'two_factor_code',
      ] as const;
      reportFormError(error, form.setError, fields, { fallbackKey: 'errors.save' });
    }
  });

  return (
    <ProfileFormCard
      section="password"
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      isSubmitting={form.formState.isSubmitting}
    >
      <CurrentPasswordInput
        form={form}
        name="current_password"
        label={t('password.current')}
        hint={t('password.current_hint')}
      />
      <NewPasswordFields
        form={form}
        passwordLabel={t('password.password')}
        confirmationLabel={t('password.confirm')}
      />
      {isTwoFactorEnabled ? (
        <FormInput
          form={form}
          name="two_factor_code"
          label={t('security.code_for_action')}
          autoComplete="one-time-code"
        />
      ) : null}
    </ProfileFormCard>
  );
};
