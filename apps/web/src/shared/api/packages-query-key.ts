/**
 * The cache of every packages call: the list, each family's details and a dynamic package's
 * proxy lists live under it. The packages feature fills it; proxy lists and the generator clear
 * it after a change (features do not import each other, so it lives here).
 */
export const packagesQueryKey = ['packages'] as const;
