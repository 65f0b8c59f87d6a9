import type { Db, SystemAlertType } from '@proxy/db';

export const findActiveAlerts = (db: Db) =>
  db
    .selectFrom('system_alerts')
    .select(['id', 'description_en', 'description_ru', 'is_active', 'type'])
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();

export const insertAlert = (
  db: Db,
  alert: { description_en: string; description_ru: string; type: SystemAlertType },
) =>
  db.insertInto('system_alerts').values(alert).returning(['id', 'type']).executeTakeFirstOrThrow();

export const setAlertActive = (db: Db, id: number, isActive: boolean) =>
  db
    .updateTable('system_alerts')
    .set({ is_active: isActive })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

export const findAllAlerts = (db: Db) =>
  db.selectFrom('system_alerts').selectAll().orderBy('id').execute();
