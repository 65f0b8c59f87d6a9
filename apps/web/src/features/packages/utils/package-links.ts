/**
 * Where the panels link (spec section 2): the proxy-list modal routes over the list, and the
 * pages opened in a new tab (statistics, API tools).
 */
export const packageLinks = {
  dynamicLists: (packageId: number) => `/cabinet/packages/dynamic/list/${packageId}`,
  dynamicView: (packageId: number, listId: number) =>
    `/cabinet/packages/dynamic/view/${packageId}/${listId}`,
  generator: (packageId: number) => `/cabinet/packages/generator/${packageId}`,
  ispList: (packageId: number) => `/cabinet/packages/isp/list/${packageId}`,
  apiTools: (packageKey: string) => `/cabinet/dynamic/api-tools/${encodeURIComponent(packageKey)}`,
  uuidStatistics: (uuid: string) => `/statistics/${encodeURIComponent(uuid)}/all`,
  keyStatistics: (packageKey: string, period: string) =>
    `/orders/statistics/${encodeURIComponent(packageKey)}/${encodeURIComponent(period)}`,
} as const;
