import type {
  ExportFormat,
  IspListType,
  Language,
  StatisticsPeriod,
  SubUserUsage,
  UsageBucket,
} from '@proxy/contract';
import type { Db } from '@proxy/db';
import type { Translator } from '../../i18n/translator.ts';
import { AppError } from '../../lib/app-error.ts';
import { revealPackagePassword } from '../packages/credentials.ts';
import type { GatewayAddress } from '../packages/packages.service.ts';
import { findOwnedPackage } from '../statistics/statistics.repository.ts';
import { periodUsage } from '../statistics/statistics.service.ts';
import type { ExportTable } from './export-formats.ts';

export type ExportTexts = { translator: Translator; language: Language };

const text = (
  { translator, language }: ExportTexts,
  key: string,
  params?: Record<string, string | number>,
) => translator.t(language, `statistics:export.${key}`, params);

/** A bucket's start as the report prints it: `2026-11-23 10:00` (hours) or `2026-11-23` (days). */
const bucketLabel = (iso: string, bucket: UsageBucket) =>
  bucket === 'hour' ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);

/**
 * A sub-user's row in the report: `Sub-user: client A (login)`, or `Deleted sub-user: ...`, so
 * the split reads apart from the buckets above it. The mark comes first: a PDF cuts a long first
 * cell at its end, and a deleted one's name may be a live one's again.
 */
const subUserLabel = (texts: ExportTexts, subUser: SubUserUsage) =>
  `${text(texts, subUser.deleted ? 'deleted_sub_user' : 'sub_user')}: ${subUser.name} (${subUser.login})`;

/**
 * The statistics report of one period (decision 121): a row per bucket (start in UTC, bytes up,
 * down and in all), then the total row, then a row per sub-user with its share of that total
 * (decision 187: live ones and deleted ones with bytes in the period, most bytes first), in the
 * same four columns, so csv, txt and pdf stay one table.
 */
export const statisticsReportTable = async (
  db: Db,
  userId: number,
  packageKey: string,
  period: StatisticsPeriod,
  texts: ExportTexts,
): Promise<ExportTable> => {
  const { pkg, series, subUsers } = await periodUsage(db, userId, { packageKey }, period);
  const rows = series.points.map((point) => [
    bucketLabel(point.time, series.bucket),
    String(point.bytes_up),
    String(point.bytes_down),
    String(point.bytes_up + point.bytes_down),
  ]);
  rows.push([
    text(texts, 'total'),
    String(series.totals.bytes_up),
    String(series.totals.bytes_down),
    String(series.totals.bytes),
  ]);
  for (const subUser of subUsers)
    rows.push([
      subUserLabel(texts, subUser),
      String(subUser.bytes_up),
      String(subUser.bytes_down),
      String(subUser.bytes),
    ]);
  return {
    title: text(texts, 'report_title', {
      id: pkg.id,
      period: text(texts, `periods.${period}`),
      from: bucketLabel(series.from, series.bucket),
    }),
    columns: ['time', 'up', 'down', 'total'].map((column) => text(texts, `columns.${column}`)),
    rows,
  };
};

/**
 * The IP list of an ISP package (decision 123): one line per IP, `ip:port:login:password` or
 * `ip:port`. Another user's package, or one of another family, is 404.
 */
export const ispListTable = async (
  db: Db,
  userId: number,
  id: number,
  type: IspListType,
  format: ExportFormat,
  context: { dataKey: Buffer; gateway: GatewayAddress; texts: ExportTexts },
): Promise<ExportTable> => {
  const pkg = await findOwnedPackage(db, userId, { id });
  if (pkg?.type !== 'isp') throw new AppError('NOT_FOUND');
  const port = String(context.gateway.httpPort);
  const password = type === 'login' ? revealPackagePassword(context.dataKey, pkg) : '';
  const cells = (ip: string) => (type === 'login' ? [ip, port, pkg.login, password] : [ip, port]);
  const columns = (type === 'login' ? ['ip', 'port', 'login', 'password'] : ['ip', 'port']).map(
    (column) => text(context.texts, `columns.${column}`),
  );
  const title = text(context.texts, 'isp_title', { id: pkg.id });
  // A text file is what proxy tools import: one `ip:port[:login:password]` a line, no header.
  if (format === 'txt')
    return { title, columns: [title], rows: pkg.ips.map((ip) => [cells(ip).join(':')]) };
  return { title, columns, rows: pkg.ips.map(cells) };
};
