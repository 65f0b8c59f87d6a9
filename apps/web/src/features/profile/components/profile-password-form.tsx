import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  buildProfileUpdatePayload,
  profilePasswordFormSchema,
  type ProfilePasswordFormInput,
} from '@proxy/contract';
import { isApiError } from '../../../shared/api/api-error';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { applyServerFieldErrors, translateFieldError } from '../../../shared/lib/form-errors';
import { Button, Input, showAlert } from '../../../shared/ui';
import { useUpdateProfile } from '../api/update-profile';

export const ProfilePasswordForm = () => {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfilePasswordFormInput>({
    resolver: zodResolver(profilePasswordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(buildProfileUpdatePayload(values));
      reset();
      showAlert.success(t('password.saved'));
    } catch (error) {
      if (isApiError(error) && !error.isTransport) {
        applyServerFieldErrors(error, setError, ['password', 'password_confirmation']);
        showAlert.error(error.message);
      } else {
        showAlert.error(translateDynamic('errors.save'));
      }
    }
  });

  return (
    <section className="card stack" aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className="section-title">
        {t('password.title')}
      </h2>
      <form className="form-grid" noValidate onSubmit={onSubmit}>
        <Input
          label={t('password.password')}
          type="password"
          autoComplete="new-password"
          error={translateFieldError(errors.password?.message)}
          {...register('password')}
        />
        <Input
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          error={translateFieldError(errors.password_confirmation?.message)}
          {...register('password_confirmation')}
        />
        <div className="form-actions">
          <Button type="submit" isLoading={isSubmitting}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
};
