import { listing, option, requireArg, UsageError, type Command } from '../../cli/command.ts';
import type { SystemAlertType } from '@proxy/db';
import { findAllAlerts, insertAlert, setAlertActive } from './alerts.repository.ts';

const USAGE_CREATE =
  'alerts:create --en "<text>" --ru "<text>" [--type info|warning|error|success]';
const USAGE_DEACTIVATE = 'alerts:deactivate <id>';
const USAGE_ACTIVATE = 'alerts:activate <id>';
const TYPES: readonly SystemAlertType[] = ['info', 'warning', 'error', 'success'];

const parseId = (args: string[], usage: string) => {
  const id = Number(requireArg(args, 0, usage));
  if (!Number.isSafeInteger(id) || id < 1) throw new UsageError(usage);
  return id;
};

const toggle = (usage: string, isActive: boolean): Command => ({
  usage,
  run: async (db, args) => {
    const id = parseId(args, usage);
    if (!(await setAlertActive(db, id, isActive))) throw new Error(`No system alert ${id}`);
    return `system alert ${id}: is_active = ${isActive}`;
  },
});

export const alertsCommands: Record<string, Command> = {
  'alerts:create': {
    usage: USAGE_CREATE,
    run: async (db, args) => {
      const en = option(args, 'en')?.trim();
      const ru = option(args, 'ru')?.trim();
      const type = (option(args, 'type') ?? 'info') as SystemAlertType;
      if (!en || !ru || !TYPES.includes(type)) throw new UsageError(USAGE_CREATE);
      const alert = await insertAlert(db, { description_en: en, description_ru: ru, type });
      return `system alert ${alert.id} created (${alert.type}, active)`;
    },
  },
  'alerts:deactivate': toggle(USAGE_DEACTIVATE, false),
  'alerts:activate': toggle(USAGE_ACTIVATE, true),
  'alerts:list': {
    usage: 'alerts:list',
    run: async (db) => {
      return listing(
        await findAllAlerts(db),
        'no system alerts',
        (r) => `${r.id}\t${r.is_active ? 'active' : 'inactive'}\t${r.type}\t${r.description_en}`,
      );
    },
  },
};
