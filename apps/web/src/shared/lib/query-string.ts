export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<
  string,
  QueryValue | readonly QueryValue[] | Record<string, QueryValue>
>;

/**
 * Serialises query parameters; arrays use the bracket form (`a[]=1&a[]=2`) and
 * plain objects `filters[type]=x`. null/undefined are dropped.
 */
export const toQueryString = (params: QueryParams | undefined): string => {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryValue[]) {
        if (item !== null && item !== undefined) search.append(`${key}[]`, String(item));
      }
    } else if (typeof value === 'object') {
      for (const [sub, item] of Object.entries(value)) {
        if (item !== null && item !== undefined) search.append(`${key}[${sub}]`, String(item));
      }
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};
