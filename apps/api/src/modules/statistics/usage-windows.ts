import {
  BUCKET_MS,
  PERIOD_WINDOWS,
  STATISTICS_PERIODS,
  type StatisticsPeriod,
  type UsageBucket,
} from '@proxy/contract';

/** The start of the bucket holding `time` (UTC: hours and days are whole multiples of epoch). */
export const bucketStart = (time: number, bucket: UsageBucket) =>
  Math.floor(time / BUCKET_MS[bucket]) * BUCKET_MS[bucket];

export type UsageWindow = { bucket: UsageBucket; from: Date; to: Date };

/**
 * What a period covers at `now` (decision 121): the last `count` buckets up to and including
 * the current one; `all` from the day of `since` (the package's creation or first usage).
 */
export const periodWindow = (period: StatisticsPeriod, now: number, since: Date): UsageWindow => {
  const { bucket, count } = PERIOD_WINDOWS[period];
  const to = bucketStart(now, bucket) + BUCKET_MS[bucket];
  const from =
    count === null
      ? Math.min(bucketStart(since.getTime(), bucket), to - BUCKET_MS[bucket])
      : to - count * BUCKET_MS[bucket];
  return { bucket, from: new Date(from), to: new Date(to) };
};

/** Every period's window at `now`. */
export const allPeriodWindows = (now: number, since: Date) =>
  Object.fromEntries(
    STATISTICS_PERIODS.map((period) => [period, periodWindow(period, now, since)]),
  ) as Record<StatisticsPeriod, UsageWindow>;

/** A range rounded out to whole buckets: `from` down, `to` up. */
export const roundedWindow = (bucket: UsageBucket, from: Date, to: Date): UsageWindow => {
  const end = bucketStart(to.getTime() - 1, bucket) + BUCKET_MS[bucket];
  return { bucket, from: new Date(bucketStart(from.getTime(), bucket)), to: new Date(end) };
};

/** Points for every bucket of the window, zeros where `rows` has none. */
export const zeroFilled = (
  window: UsageWindow,
  rows: { time: Date; bytes_up: number; bytes_down: number }[],
) => {
  const byTime = new Map(rows.map((row) => [row.time.getTime(), row]));
  const step = BUCKET_MS[window.bucket];
  const points = [];
  for (let time = window.from.getTime(); time < window.to.getTime(); time += step) {
    const row = byTime.get(time);
    points.push({
      time: new Date(time).toISOString(),
      bytes_up: row?.bytes_up ?? 0,
      bytes_down: row?.bytes_down ?? 0,
    });
  }
  return points;
};
