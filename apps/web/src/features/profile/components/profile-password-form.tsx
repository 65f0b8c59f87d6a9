import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  buildProfileUpdatePayload,
  profilePasswordFormSchema,
  type ProfilePasswordFormInput,
} from '@proxy/contract';
import { reportFormError } from '../../../shared/lib/form-errors';
import { CurrentPasswordInput, NewPasswordFields, showAlert } from '../../../shared/ui';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileFormCard } from './profile-form-card';

export const ProfilePasswordForm = () => {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const form = useForm<ProfilePasswordFormInput>({
    resolver: zodResolver(profilePasswordFormSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(buildProfileUpdatePayload(values));
      form.reset();
      showAlert.success(t('password.saved'));
    } catch (error) {
      const fields = ['current_password', 'password', 'password_confirmation'] as const;
      reportFormError(error, form.setError, fields, { fallbackKey: 'errors.save' });
    }
  });

  return (
    <ProfileFormCard
      section="password"
      onSubmit={onSubmit}
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
    </ProfileFormCard>
  );
};
