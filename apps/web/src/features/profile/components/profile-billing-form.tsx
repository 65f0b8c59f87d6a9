import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VALIDATION_KEYS, type ProfileBillingFormInput, type UserDto } from '@proxy/contract';
import { reportFormError, translateFieldError } from '../../../shared/lib/form-errors';
import { lazyZodResolver } from '../../../shared/lib/lazy-zod-resolver';
import { FormInput, showAlert } from '../../../shared/ui';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileFormCard } from './profile-form-card';

const resolver = lazyZodResolver<ProfileBillingFormInput>(() =>
  import('../../../shared/validation/profile-schemas').then((m) => m.profileBillingFormSchema),
);

const valuesOf = (user: Pick<UserDto, 'billing_name' | 'billing_address'>) => ({
  billing_name: user.billing_name ?? '',
  billing_address: user.billing_address ?? '',
});

/**
 * Who the receipts are made out to: both fields optional, an emptied field is cleared. Only
 * what differs from the saved profile is sent.
 */
export const ProfileBillingForm = ({ user }: { user: UserDto }) => {
  const { t } = useTranslation('profile');
  const update = useUpdateProfile();
  const form = useForm<ProfileBillingFormInput>({ resolver, values: valuesOf(user) });

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = valuesOf(user);
    const name = values.billing_name.trim();
    const address = values.billing_address.trim();
    const payload = {
      ...(name !== saved.billing_name ? { billing_name: name } : {}),
      ...(address !== saved.billing_address ? { billing_address: address } : {}),
    };
    if (Object.keys(payload).length === 0) {
      form.setError('root', { type: 'client', message: VALIDATION_KEYS.emptyInputs });
      return;
    }
    try {
      const response = await update.mutateAsync(payload);
      form.reset(valuesOf(response.user));
      showAlert.success(response.message || t('billing.saved'));
    } catch (error) {
      reportFormError(error, form.setError, ['billing_name', 'billing_address'], {
        fallbackKey: 'errors.save',
      });
    }
  });

  return (
    <ProfileFormCard
      section="billing"
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      isSubmitting={form.formState.isSubmitting}
    >
      <FormInput
        form={form}
        name="billing_name"
        label={t('billing.name')}
        hint={t('billing.name_hint')}
        autoComplete="organization"
      />
      <FormInput
        form={form}
        name="billing_address"
        label={t('billing.address')}
        hint={t('billing.address_hint')}
        autoComplete="street-address"
      />
      {form.formState.errors.root?.message && (
        <p className="form-error" role="alert">
          {translateFieldError(form.formState.errors.root.message)}
        </p>
      )}
    </ProfileFormCard>
  );
};
