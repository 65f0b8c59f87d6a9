import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IspPackage } from '@proxy/contract';
import { apiErrorText } from '../../../shared/api/api-error';
import { downloadIspList } from '../../../shared/api/package-exports';
import { ActionModal, Button, showAlert, Tooltip } from '../../../shared/ui';
import { useSwapIsp } from '../api/swap-isp';
import { ProxyLines } from '../../../shared/ui/proxy-lines';
import { LinesModal } from './lines-modal';
import '../proxy-lists.css';

export type IspListModalProps = {
  packageId: number;
  /** The ISP package (its addresses, authentication and swap state); undefined while loading. */
  pkg: IspPackage | undefined;
  isError: boolean;
  onRetry: () => void;
  onClose: () => void;
};

/**
 * The lines of an ISP package as its export prints them: `ip:port:login:password`, or
 * `ip:port` for a package authenticated by address.
 */
export const ispLines = (pkg: IspPackage): string[] =>
  pkg.ip.map((ip) =>
    pkg.auth_ip
      ? `${ip}:${pkg.connection.port_http}`
      : `${ip}:${pkg.connection.port_http}:${pkg.connection.login}:${pkg.connection.password}`,
  );

/**
 * The IP list of an ISP package (spec section 2) with copy, download and the one swap: confirmed,
 * then unavailable with a tooltip saying why once the package has swapped.
 */
export const IspListModal = ({ packageId, pkg, isError, onRetry, onClose }: IspListModalProps) => {
  const { t } = useTranslation('packages');
  const swap = useSwapIsp();
  const [isConfirming, setConfirming] = useState(false);

  const confirmSwap = async (id: number) => {
    try {
      await swap.mutateAsync(id);
      showAlert.success(t('modals.isp_swap_proxy.done'));
    } catch (error) {
      showAlert.error(apiErrorText(error, t('modals.isp_swap_proxy.error')));
    } finally {
      setConfirming(false);
    }
  };

  const swapButton = (p: IspPackage) =>
    p.swaped ? (
      <Tooltip content={t('modals.isp_swap_proxy.swapped')}>
        {(describedBy) => (
          <Button variant="secondary" size="sm" aria-disabled aria-describedby={describedBy}>
            {t('modals.isp_swap_proxy.open')}
          </Button>
        )}
      </Tooltip>
    ) : (
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        {t('modals.isp_swap_proxy.open')}
      </Button>
    );

  return (
    <>
      <LinesModal
        title={t('proxy_lists.isp_title', { id: packageId })}
        onClose={onClose}
        load={{ isLoading: !pkg && !isError, isError, onRetry }}
      >
        {() =>
          pkg && (
            <ProxyLines
              label={t('proxy_lists.ip_lines')}
              lines={ispLines(pkg)}
              downloadTitle={t('download.list_title')}
              download={(format) => downloadIspList(pkg.id, pkg.auth_ip ? 'ip' : 'login', format)}
              actions={swapButton(pkg)}
            />
          )
        }
      </LinesModal>
      {isConfirming && pkg && (
        <ActionModal
          title={t('modals.isp_swap_proxy.title')}
          onClose={() => setConfirming(false)}
          confirmLabel={t('modals.isp_swap_proxy.confirm')}
          onConfirm={() => void confirmSwap(pkg.id)}
          isPending={swap.isPending}
        >
          <p>{t('modals.isp_swap_proxy.text')}</p>
        </ActionModal>
      )}
    </>
  );
};
