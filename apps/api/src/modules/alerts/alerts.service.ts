import type { Language } from '@proxy/contract';
import type { Db, SystemAlertType, User } from '@proxy/db';
import { findActiveAlerts } from './alerts.repository.ts';

export type SystemAlertDto = {
  id: number;
  description: string;
  is_active: boolean;
  type: SystemAlertType;
};

/** users.status of an active account (the numeric status is otherwise opaque to the SPA). */
const ACTIVE_STATUS = 1;

/**
 * Active alerts in the request language. Restricted users and inactive accounts get none:
 * the spec hides system alerts from them, and the server enforces what the SPA hides.
 */
export const listAlerts = async (
  db: Db,
  user: User,
  language: Language,
): Promise<{ alerts: SystemAlertDto[] }> => {
  if (user.is_restricted || user.status !== ACTIVE_STATUS) return { alerts: [] };
  const rows = await findActiveAlerts(db);
  return {
    alerts: rows.map((row) => ({
      id: row.id,
      description: language === 'ru' ? row.description_ru : row.description_en,
      is_active: row.is_active,
      type: row.type,
    })),
  };
};
