import {
  BuyLayout,
  CartPage,
  DynamicPools,
  DynamicTariffs,
  IspWizard,
  SelectType,
  UnlimitedPlan,
  useAccount,
} from '../../features/buy';

/** The buy flow's screens; price lines are hidden for restricted users. */
export const BuyLayoutRoute = () => <BuyLayout />;
export const BuySelectTypeRoute = () => <SelectType />;
export const BuyPoolsRoute = () => <DynamicPools isPriceHidden={useAccount().isRestricted} />;
export const BuyBaseRoute = () => (
  <DynamicTariffs pool="base" isPriceHidden={useAccount().isRestricted} />
);
export const BuyPremiumRoute = () => (
  <DynamicTariffs pool="premium" isPriceHidden={useAccount().isRestricted} />
);
export const BuyUnlimitedRoute = () => <UnlimitedPlan isPriceHidden={useAccount().isRestricted} />;
export const BuyIspRoute = () => <IspWizard isPriceHidden={useAccount().isRestricted} />;
export const BuyCartRoute = () => <CartPage />;
