export { BuyLayout, CartPage } from './components/buy-layout';
export { SelectType } from './components/select-type';
export { DynamicPools } from './components/dynamic-pools';
export { DynamicTariffs } from './components/dynamic-tariffs';
export { UnlimitedPlan } from './components/unlimited-plan';
export { IspWizard } from './components/isp-wizard';
export { useAccount } from './api/get-account';
