import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  buildProfileUpdatePayload,
  profilePasswordFormSchema,
  type ProfilePasswordFormInput,
} from '@proxy/contract';
import { reportFormError } from '../../../shared/lib/form-errors';
import { Button, NewPasswordFields, showAlert } from '../../../shared/ui';
import { useUpdateProfile } from '../api/update-profile';

export const ProfilePasswordForm = () => {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const form = useForm<ProfilePasswordFormInput>({
    resolver: zodResolver(profilePasswordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(buildProfileUpdatePayload(values));
      form.reset();
      showAlert.success(t('password.saved'));
    } catch (error) {
      reportFormError(error, form.setError, ['password', 'password_confirmation'], {
        fallbackKey: 'errors.save',
      });
    }
  });

  return (
    <section className="card stack" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className="section-title">
        {t('password.title')}
      </h2>
      <form className="form-grid" noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          form={form}
          passwordLabel={t('password.password')}
          confirmationLabel={t('password.confirm')}
        />
        <div className="form-actions">
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
};
