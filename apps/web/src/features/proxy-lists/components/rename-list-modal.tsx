import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { renameProxyListSchema } from '@proxy/contract';
import { reportFormError } from '../../../shared/lib/form-errors';
import { ActionModal, FormInput, showAlert } from '../../../shared/ui';
import { useRenameProxyList } from '../api/rename-proxy-list';
import type { ProxyListRow } from '../api/get-proxy-lists';

export type RenameListModalProps = { packageId: number; list: ProxyListRow; onClose: () => void };

/** Rename a list: the same name rule as creating (letters and digits only). */
export const RenameListModal = ({ packageId, list, onClose }: RenameListModalProps) => {
  const { t } = useTranslation('packages');
  const rename = useRenameProxyList();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(renameProxyListSchema),
    defaultValues: { name: list.name },
  });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ packageId, listId: list.id, name });
      showAlert.success(t('proxy_lists.renamed'));
      onClose();
    } catch (error) {
      reportFormError(error, form.setError, ['name'], {
        fallbackKey: 'packages:proxy_lists.rename_error',
      });
    }
  });
  return (
    <ActionModal
      title={t('proxy_lists.rename_title', { name: list.name })}
      onClose={onClose}
      confirmLabel={t('proxy_lists.rename')}
      onConfirm={() => void submit()}
      isPending={rename.isPending}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormInput form={form} name="name" label={t('proxy_create.name')} autoComplete="off" />
      </form>
    </ActionModal>
  );
};
