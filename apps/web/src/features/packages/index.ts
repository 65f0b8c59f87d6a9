export { PackagesPage } from './components/packages-page';
export { useDynamicPackage } from './api/get-dynamic-package';
export { useIspPackage } from './api/get-isp-package';
export { packageLinks } from './utils/package-links';
export { OverviewPage } from './components/overview/overview-page';
export { overviewQueryOptions, useOverview } from './api/get-overview';
