import { useEffect } from 'react';
import { PaymentResultPage } from '../../features/payment-result/components/payment-result-page';
import { useProfile } from '../../features/profile/api/get-profile';
import { useRetryPayment } from '../../features/top-up/hooks/use-retry-payment';

/** Composes the result view with the fresh profile balance and the top-up Retry. */
export const PaymentResultRoute = () => {
  const profile = useProfile();
  const { retry, isPending } = useRetryPayment();
  const { refetch } = profile;
  // The webhook has just changed the balance: never show the cached one.
  useEffect(() => {
    void refetch();
  }, [refetch]);
  return (
    <PaymentResultPage
      balance={profile.data?.user.balance}
      onRetry={() => void retry()}
      isRetrying={isPending}
    />
  );
};
