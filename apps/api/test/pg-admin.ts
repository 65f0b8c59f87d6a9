import pg from 'pg';

/** The same server URL pointing at another database. */
export const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/** Runs one statement on a connection of its own (CREATE/DROP DATABASE cannot use a pool's transaction). */
export const runSql = async <T extends pg.QueryResultRow>(url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
};
