import { useTranslation } from 'react-i18next';
import { Loader, Modal } from '../../../shared/ui';
import { downloadProxyList } from '../api/export-proxy-list';
import { useProxyListContents, type ListAddress } from '../api/get-proxy-list-contents';
import { ProxyLines } from './proxy-lines';
import { RetryAlert } from './retry-alert';
import '../proxy-lists.css';

export type ListViewModalProps = {
  /** The list (its package key and current name); null while the package loads or if unknown. */
  address: ListAddress | null;
  isAddressLoading: boolean;
  /** Loads the package again (its list names) when the address could not be found. */
  onRetryAddress: () => void;
  onClose: () => void;
};

/** The contents of one list with copy-all and download (spec section 2 modal routes). */
export const ListViewModal = ({
  address,
  isAddressLoading,
  onRetryAddress,
  onClose,
}: ListViewModalProps) => {
  const { t } = useTranslation('packages');
  const contents = useProxyListContents(
    address ?? { packageId: 0, packageKey: '', listId: 0, name: '' },
    address !== null,
  );
  const body = () => {
    if (isAddressLoading || (address && contents.isPending))
      return <Loader label={t('modals.loading')} />;
    if (!address || contents.isError)
      return (
        <RetryAlert
          text={t('proxy_list.errors.fetch')}
          onRetry={() => (address ? void contents.refetch() : onRetryAddress())}
        />
      );
    return (
      <ProxyLines
        label={t('proxy_lists.lines')}
        lines={contents.data ?? []}
        downloadTitle={t('proxy_lists.download_title', { name: address.name })}
        download={(format) => downloadProxyList(address, format)}
      />
    );
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      size="wide"
      title={address ? t('proxy_lists.view_title', { name: address.name }) : t('proxy_lists.title')}
    >
      {body()}
    </Modal>
  );
};
