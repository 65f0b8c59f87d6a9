import { useTranslation } from 'react-i18next';
import type { SubUser } from '@proxy/contract';
import { apiErrorText } from '../../../../shared/api/api-error';
import { showAlert } from '../../../../shared/ui';
import { useDeleteSubUser } from '../../api/delete-sub-user';
import { useUpdateSubUser } from '../../api/update-sub-user';
import { ActionModal } from '../modals/action-modal';

type ModalProps = { subUser: SubUser; onClose: () => void };

/** A new password for a sub-user: the old one stops at once, so it is confirmed first. */
export const NewPasswordModal = ({ subUser, onClose }: ModalProps) => {
  const { t } = useTranslation('packages');
  const update = useUpdateSubUser();
  const confirm = async () => {
    try {
      await update.mutateAsync({
        packageId: subUser.package_id,
        subUserId: subUser.id,
        body: { regenerate_password: true },
      });
      showAlert.success(t('sub_users.password_modal.done', { name: subUser.name }));
      onClose();
    } catch (error) {
      showAlert.error(apiErrorText(error, t('sub_users.password_modal.error')));
    }
  };
  return (
    <ActionModal
      title={t('sub_users.password_modal.title', { name: subUser.name })}
      onClose={onClose}
      confirmLabel={t('sub_users.password_modal.confirm')}
      onConfirm={() => void confirm()}
      isPending={update.isPending}
    >
      <p>{t('sub_users.password_modal.text')}</p>
    </ActionModal>
  );
};

/** Delete a sub-user: its login stops at once; what it used stays in the statistics. */
export const DeleteSubUserModal = ({ subUser, onClose }: ModalProps) => {
  const { t } = useTranslation('packages');
  const remove = useDeleteSubUser();
  const confirm = async () => {
    try {
      await remove.mutateAsync({ packageId: subUser.package_id, subUserId: subUser.id });
      showAlert.success(t('sub_users.delete_modal.done', { name: subUser.name }));
      onClose();
    } catch (error) {
      showAlert.error(apiErrorText(error, t('sub_users.delete_modal.error')));
    }
  };
  return (
    <ActionModal
      title={t('sub_users.delete_modal.title')}
      onClose={onClose}
      confirmLabel={t('sub_users.delete_modal.confirm')}
      onConfirm={() => void confirm()}
      isPending={remove.isPending}
      isDanger
    >
      <p>{t('sub_users.delete_modal.text', { name: subUser.name, login: subUser.login })}</p>
    </ActionModal>
  );
};
