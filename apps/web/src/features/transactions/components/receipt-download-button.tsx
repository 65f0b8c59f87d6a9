import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../shared/api/api-error';
import { Button, showAlert } from '../../../shared/ui';
import { formatDateTime } from '../../../shared/lib/format-date';
import { downloadReceipt } from '../api/download-receipt';
import type { PaymentRow } from '../api/get-payments';

/** The receipt of a successful payment as a PDF; nothing for a payment without a receipt. */
export const ReceiptDownloadButton = ({ payment }: { payment: PaymentRow }) => {
  const { t, i18n } = useTranslation(['transactions', 'base']);
  const [isDownloading, setDownloading] = useState(false);
  const receiptId = payment.receipt_id;
  if (!receiptId) return null;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadReceipt(receiptId);
    } catch (error) {
      showAlert.error(apiErrorText(error, t('base:errors.download_file')));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      isLoading={isDownloading}
      aria-label={t('receipt.download_label', {
        date: formatDateTime(payment.created_at, i18n.language),
      })}
      onClick={() => void download()}
    >
      {t('receipt.download')}
    </Button>
  );
};
