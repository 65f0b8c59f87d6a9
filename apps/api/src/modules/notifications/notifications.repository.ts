import { sql, type RawBuilder } from 'kysely';
import type { Db, NotificationLine } from '@proxy/db';

export type NotificationRow = {
  id: string;
  type: string;
  data: NotificationLine[];
  created_at: Date;
  read_at: Date | null;
  /** created_at in epoch microseconds (exact): a JS Date would drop the microseconds. */
  created_at_us: string;
};

export const insertNotification = (
  db: Db,
  userId: number,
  type: string,
  data: NotificationLine[],
) =>
  db
    .insertInto('notifications')
    .values({ user_id: userId, type, data: JSON.stringify(data) })
    .execute();

/** insertNotification as the body of a CTE: written only while `when` holds. */
export const insertNotificationSql = (
  userId: number,
  type: string,
  data: NotificationLine[],
  when: RawBuilder<boolean>,
) =>
  sql`INSERT INTO notifications (user_id, type, data)
    SELECT ${userId}, ${type}, ${JSON.stringify(data)}::jsonb WHERE ${when}`;

/** Newest first; `after` is the (created_at, id) of the last row of the previous page. */
export const findNotificationsPage = (
  db: Db,
  userId: number,
  limit: number,
  after: { createdAtUs: string; id: string } | null,
) => {
  let query = db
    .selectFrom('notifications')
    .select([
      'id',
      'type',
      'data',
      'created_at',
      'read_at',
      sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`.as('created_at_us'),
    ])
    .where('user_id', '=', userId);
  if (after) {
    query = query.where(
      sql<boolean>`(created_at, id) < (timestamptz 'epoch' + ${after.createdAtUs}::bigint * interval '1 microsecond', ${after.id}::uuid)`,
    );
  }
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute() as Promise<NotificationRow[]>;
};

export const markNotificationRead = (db: Db, userId: number, id: string) =>
  db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'type', 'data', 'created_at', 'read_at'])
    .executeTakeFirst();

export const markAllNotificationsRead = async (db: Db, userId: number): Promise<number> => {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};
