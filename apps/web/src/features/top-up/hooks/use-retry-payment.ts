import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { paths } from '../../../shared/config/paths';
import { showAlert } from '../../../shared/ui';
import { useCreatePayment } from '../api/create-payment';
import { readPaymentData } from '../utils/payment-cookie';

/** Retry of the result page: re-submits the saved payment data, else goes to the top-up form. */
export const useRetryPayment = () => {
  const { t } = useTranslation('top-up');
  const navigate = useNavigate();
  const create = useCreatePayment();
  const retry = async () => {
    const data = readPaymentData();
    if (!data) {
      await navigate(paths.cabinet.topUp);
      return;
    }
    try {
      const response = await create.mutateAsync(data);
      window.location.assign(response.url);
    } catch (error) {
      showAlert.error(
        isApiError(error) && !error.isTransport && error.message
          ? error.message
          : t('errors.payment'),
      );
    }
  };
  return { retry, isPending: create.isPending };
};
