import { paymentsEndpoints } from '@proxy/contract';
import { downloadFile } from '../../../shared/api/download-file';

/** GET /api/profile/receipts/:id, saved under the name the server gives (receipt-{number}.pdf). */
export const downloadReceipt = (receiptId: string) =>
  downloadFile(paymentsEndpoints.downloadReceipt, {
    params: { id: receiptId },
    fallbackName: 'receipt.pdf',
  });
