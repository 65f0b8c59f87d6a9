import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { PACKAGE_CHANGE_ERROR_KEYS, deletePackageFormSchema } from '@proxy/contract';
import { packageTariffName, type NamedPackage } from '../../../../shared/lib/catalogue-names';
import { translateFieldError } from '../../../../shared/lib/form-errors';
import { Input, showAlert } from '../../../../shared/ui';
import { useDeletePackage } from '../../api/delete-package';
import { apiErrorText } from '../../../../shared/api/api-error';
import { ActionModal } from './action-modal';

export type DeletePackageModalProps = {
  pkg: NamedPackage & { id: number };
  accountEmail: string;
  onClose: () => void;
};

/**
 * Delete a package (spec section 5): the user types their e-mail; the button stays disabled
 * while the field is empty, another e-mail is email_match.
 */
export const DeletePackageModal = ({ pkg, accountEmail, onClose }: DeletePackageModalProps) => {
  const { t } = useTranslation('packages');
  const remove = useDeletePackage();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(deletePackageFormSchema(accountEmail)),
    defaultValues: { email: '' },
  });
  const typed = useWatch({ control: form.control, name: 'email' });
  const error = form.formState.errors.email?.message;
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      const result = await remove.mutateAsync({ id: pkg.id, isUnlim: pkg.type === 'unlim', email });
      showAlert.success(result.message || t('modals.delete_package.done'));
      onClose();
    } catch (failure) {
      showAlert.error(apiErrorText(failure, t('modals.delete_package.errors.delete')));
    }
  });
  return (
    <ActionModal
      title={t('modals.delete_package.title')}
      onClose={onClose}
      confirmLabel={t('modals.delete_package.confirm')}
      onConfirm={() => void submit()}
      isPending={remove.isPending}
      isConfirmDisabled={typed.trim() === ''}
      isDanger
    >
      <p>{t('modals.delete_package.text', { name: packageTariffName(pkg), id: pkg.id })}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Input
          label={t('modals.delete_package.email')}
          type="email"
          autoComplete="off"
          error={
            error === PACKAGE_CHANGE_ERROR_KEYS.emailMatch
              ? t('modals.delete_package.errors.email_match')
              : translateFieldError(error)
          }
          {...form.register('email')}
        />
      </form>
    </ActionModal>
  );
};
