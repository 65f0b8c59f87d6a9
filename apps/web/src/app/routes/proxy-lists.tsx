import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { packageLinks, useDynamicPackage, useIspPackage } from '../../features/packages';
import {
  CreateListModal,
  IspListModal,
  ListViewModal,
  ProxyListsModal,
} from '../../features/proxy-lists';
import { paths } from '../../shared/config/paths';

/** The numeric `:name` parameter of the route (0 when absent: the API answers 404). */
const useNumberParam = (name: string): number => Number(useParams()[name] ?? 0) || 0;

/** Closing a modal route returns to the packages list under it. */
const useBackToPackages = () => {
  const navigate = useNavigate();
  return () => void navigate(paths.cabinet.packages);
};

/**
 * /cabinet/packages/dynamic/list/:packageId: the package's lists, and the create-list side
 * modal over them; a made list opens its view.
 */
export const DynamicListsRoute = () => {
  const packageId = useNumberParam('packageId');
  const navigate = useNavigate();
  const close = useBackToPackages();
  const pkg = useDynamicPackage(packageId);
  const [isCreating, setCreating] = useState(false);
  if (isCreating)
    return (
      <CreateListModal
        packageId={packageId}
        onClose={() => setCreating(false)}
        onCreated={(listId) => void navigate(packageLinks.dynamicView(packageId, listId))}
      />
    );
  return (
    <ProxyListsModal
      packageId={packageId}
      packageKey={pkg.data?.package.package_key ?? null}
      links={{
        view: (listId) => packageLinks.dynamicView(packageId, listId),
        generator: packageLinks.generator(packageId),
      }}
      onCreate={() => setCreating(true)}
      onClose={close}
    />
  );
};

/** /cabinet/packages/dynamic/view/:packageId/:listId: one list's lines. */
export const DynamicListViewRoute = () => {
  const packageId = useNumberParam('packageId');
  const listId = useNumberParam('listId');
  const close = useBackToPackages();
  const pkg = useDynamicPackage(packageId);
  const list = pkg.data?.proxy_lists.find((item) => item.id === listId);
  return (
    <ListViewModal
      address={
        pkg.data && list
          ? { packageId, packageKey: pkg.data.package.package_key, listId, name: list.name }
          : null
      }
      isAddressLoading={pkg.isPending}
      onRetryAddress={() => void pkg.refetch()}
      onClose={close}
    />
  );
};

/** /cabinet/packages/isp/list/:packageId: an ISP package's addresses and its one swap. */
export const IspListRoute = () => {
  const packageId = useNumberParam('packageId');
  const close = useBackToPackages();
  const pkg = useIspPackage(packageId);
  return (
    <IspListModal
      packageId={packageId}
      pkg={pkg.data}
      isError={pkg.isError}
      onRetry={() => void pkg.refetch()}
      onClose={close}
    />
  );
};
