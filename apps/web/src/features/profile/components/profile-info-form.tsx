import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  VALIDATION_KEYS,
  buildProfileUpdatePayload,
  type ProfileInfoFormInput,
  type UserDto,
} from '@proxy/contract';
import { reportFormError, translateFieldError } from '../../../shared/lib/form-errors';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { FormInput, Input, showAlert } from '../../../shared/ui';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileFormCard } from './profile-form-card';

/** Keeps only the values that differ from the saved user. */
export const changedProfileInfo = (
  values: ProfileInfoFormInput,
  user: Pick<UserDto, 'name' | 'telegram'>,
) => ({
  name:
    values.name !== undefined && values.name.trim() !== user.name ? values.name.trim() : undefined,
  telegram:
    values.telegram !== undefined && values.telegram.trim() !== (user.telegram ?? '')
      ? values.telegram.trim()
      : undefined,
});

const resolver = lazyZodResolver<ProfileInfoFormInput>(() =>
  import('../../../shared/validation/profile-schemas').then((m) => m.profileInfoFormSchema),
);

export const ProfileInfoForm = ({ user }: { user: UserDto }) => {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const form = useForm<ProfileInfoFormInput>({
    resolver,
    values: { name: user.name, telegram: user.telegram ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const payload = buildProfileUpdatePayload(changedProfileInfo(values, user));
    if (Object.keys(payload).length === 0) {
      form.setError('root', { type: 'client', message: VALIDATION_KEYS.emptyInputs });
      return;
    }
    try {
      const response = await update.mutateAsync(payload);
      form.reset({ name: response.user.name, telegram: response.user.telegram ?? '' });
      showAlert.success(response.message || t('info.saved'));
    } catch (error) {
      reportFormError(error, form.setError, ['name', 'telegram'], { fallbackKey: 'errors.save' });
    }
  });

  return (
    <ProfileFormCard
      section="info"
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      isSubmitting={form.formState.isSubmitting}
    >
      <FormInput form={form} name="name" label={t('info.name')} autoComplete="name" />
      <Input label={t('info.email')} type="email" value={user.email} readOnly name="email" />
      <FormInput
        form={form}
        name="telegram"
        label={t('info.telegram')}
        hint={t('info.telegram_hint')}
        autoComplete="off"
      />
      {form.formState.errors.root?.message && (
        <p className="form-error" role="alert">
          {translateFieldError(form.formState.errors.root.message)}
        </p>
      )}
    </ProfileFormCard>
  );
};
