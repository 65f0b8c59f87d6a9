import { TARIFF_FAMILIES, toCents, ISP_PERIODS } from '@proxy/contract';
import { option, requireArg, UsageError, type Command } from '../../cli/command.ts';
import { insertPromo } from './promo.repository.ts';

const USAGE =
  'promo:create <CODE> [--percent N] [--per-gb DOLLARS] [--from ISO] [--to ISO] [--max-uses N] [--per-user N] [--families dynamic,premium,isp,unlim] [--tariffs 1,2] [--periods 30,90]';

const int = (
  value: string | undefined,
  name: string,
  min = 1,
  max = 1_000_000_000,
): number | null => {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`${USAGE}\n--${name} must be an integer ${min}..${max}`);
  return n;
};
const date = (value: string | undefined, name: string): Date | null => {
  if (value === undefined) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new UsageError(`${USAGE}\n--${name} must be a date`);
  return d;
};
const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : null;

export const promoCommands: Record<string, Command> = {
  'promo:create': {
    usage: USAGE,
    run: async (db, args) => {
      const code = requireArg(args, 0, USAGE).trim();
      if (!/^[A-Za-z0-9_-]{2,64}$/.test(code))
        throw new UsageError(`${USAGE}\nCODE: 2-64 letters, digits, _ or -`);
      const percent = int(option(args, 'percent'), 'percent', 1, 100);
      const perGbText = option(args, 'per-gb');
      const perGb = perGbText === undefined ? null : Number(perGbText);
      if (perGb !== null && !(perGb > 0))
        throw new UsageError(`${USAGE}\n--per-gb must be a positive dollar amount`);
      if (percent === null && perGb === null)
        throw new UsageError(`${USAGE}\nGive --percent or --per-gb`);
      const families = list(option(args, 'families'));
      const bad = families?.find((f) => !(TARIFF_FAMILIES as readonly string[]).includes(f));
      if (bad) throw new UsageError(`${USAGE}\nunknown family ${bad}`);
      const periods = list(option(args, 'periods'))?.map((p) => int(p, 'periods') ?? 0) ?? null;
      if (periods?.some((p) => !(ISP_PERIODS as readonly number[]).includes(p) && p !== 30))
        throw new UsageError(`${USAGE}\n--periods: ${ISP_PERIODS.join(', ')}`);
      const promo = await insertPromo(db, {
        code,
        percent,
        per_gb_cents: perGb === null ? null : toCents(perGb),
        valid_from: date(option(args, 'from'), 'from'),
        valid_to: date(option(args, 'to'), 'to'),
        max_uses: int(option(args, 'max-uses'), 'max-uses'),
        max_uses_per_user: int(option(args, 'per-user'), 'per-user'),
        families,
        tariff_ids: list(option(args, 'tariffs'))?.map((t) => int(t, 'tariffs') ?? 0) ?? null,
        periods,
      });
      return `promo ${promo.code} created (id ${promo.id})`;
    },
  },
};
