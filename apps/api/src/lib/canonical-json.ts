/** The value with object keys sorted at every level (arrays keep their order). */
export const sortKeysDeep = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
};

/** JSON that is the same for equal values whatever the key order (signatures, request hashes). */
export const canonicalJson = (value: unknown): string => JSON.stringify(sortKeysDeep(value)) ?? '';
