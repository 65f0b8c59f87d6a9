import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, Modal } from '../../../shared/ui';
import { RetryAlert } from './retry-alert';

export type LinesModalProps = {
  title: string;
  onClose: () => void;
  /** Whether what the lines come from is still loading, or failed (then `onRetry` loads again). */
  load: { isLoading: boolean; isError: boolean; onRetry: () => void };
  /** The lines themselves (a ProxyLines), once loaded. */
  children: () => ReactNode;
};

/** A wide modal of proxy lines: a loader while they load, a refresh when that failed, then the lines. */
export const LinesModal = ({ title, onClose, load, children }: LinesModalProps) => {
  const { t } = useTranslation('packages');
  const body = () => {
    if (load.isLoading) return <Loader label={t('modals.loading')} />;
    if (load.isError)
      return <RetryAlert text={t('proxy_list.errors.fetch')} onRetry={load.onRetry} />;
    return children();
  };
  return (
    <Modal isOpen onClose={onClose} size="wide" title={title}>
      {body()}
    </Modal>
  );
};
