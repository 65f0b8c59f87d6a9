import { useTranslation } from 'react-i18next';
import { downloadProxyList } from '../api/export-proxy-list';
import { useProxyListContents, type ListAddress } from '../api/get-proxy-list-contents';
import { ProxyLines } from '../../../shared/ui/proxy-lines';
import { LinesModal } from './lines-modal';
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
  return (
    <LinesModal
      title={address ? t('proxy_lists.view_title', { name: address.name }) : t('proxy_lists.title')}
      onClose={onClose}
      load={{
        isLoading: isAddressLoading || (address !== null && contents.isPending),
        isError: !address || contents.isError,
        onRetry: () => (address ? void contents.refetch() : onRetryAddress()),
      }}
    >
      {() =>
        address && (
          <ProxyLines
            label={t('proxy_lists.lines')}
            lines={contents.data ?? []}
            downloadTitle={t('proxy_lists.download_title', { name: address.name })}
            download={(format) => downloadProxyList(address, format)}
          />
        )
      }
    </LinesModal>
  );
};
