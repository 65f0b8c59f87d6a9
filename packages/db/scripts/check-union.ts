/**
 * `CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))` or `... ARRAY[0, 1, 2] ...`: what
 * pg_get_constraintdef prints for `CHECK (col IN (...))`, with optional casts around both sides.
 */
const IN_LIST =
  /^CHECK \(\(\(?(\w+)\)?(?:::[\w ]+)? = ANY \(\(?ARRAY\[(.+)\]\)?(?:::[\w[\] ]+)?\)\)\)$/;
const LITERAL = /'((?:[^']|'')*)'(?:::[\w ]+)?|(-?\d+(?:\.\d+)?)/g;

/** The literal union a `col IN (...)` CHECK allows, or null for any other CHECK. */
export const unionOfCheck = (column: string, definition: string): string | null => {
  const match = IN_LIST.exec(definition);
  if (!match || match[1] !== column || match[2] === undefined) return null;
  const literals = [...match[2].matchAll(LITERAL)].map(([, text, number]) =>
    text !== undefined ? `'${text.replace(/''/g, "'").replace(/[\\']/g, '\\$&')}'` : String(number),
  );
  return literals.length > 0 ? literals.join(' | ') : null;
};
