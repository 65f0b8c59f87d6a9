/**
 * The floor of the GET /api/profile figure: a bare Fastify route running the same session
 * SELECT with plain pg, in its own process like the app (started by bench/run.ts).
 * Environment: BENCH_DATABASE_URL, PORT, DATABASE_POOL_SIZE.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { createPool } from '@proxy/db';

const pool = createPool(
  process.env.BENCH_DATABASE_URL ?? '',
  Number(process.env.DATABASE_POOL_SIZE),
);
const bare = Fastify();
bare.get('/profile', async (request, reply) => {
  const raw = (request.headers.authorization ?? '').slice(7);
  const { rows } = await pool.query(
    `SELECT u.*, t.id AS token_id FROM access_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()`,
    [createHash('sha256').update(raw).digest('hex')],
  );
  if (rows.length === 0) return reply.code(401).send({ success: false });
  return { user: rows[0] as unknown };
});
// The floor of the purchase figure: the conditional balance UPDATE alone (one statement, its
// own commit), the user found by the token as a purchase finds it.
bare.post('/debit', async (request, reply) => {
  const raw = (request.headers.authorization ?? '').slice(7);
  const { rows } = await pool.query(
    `UPDATE users u SET balance_cents = u.balance_cents - 1, updated_at = now()
       FROM access_tokens t
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()
        AND u.id = t.user_id AND u.balance_cents - 1 >= 0
      RETURNING u.balance_cents`,
    [createHash('sha256').update(raw).digest('hex')],
  );
  if (rows.length === 0) return reply.code(422).send({ success: false });
  return { balance: (rows[0] as { balance_cents: number }).balance_cents };
});
bare.get('/health', () => ({ ok: true }));

process.on('SIGTERM', () => {
  void bare
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});

await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
