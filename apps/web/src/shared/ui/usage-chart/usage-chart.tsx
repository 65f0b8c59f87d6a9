import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { UsageSeries } from '@proxy/contract';
import {
  formatBucketStart,
  timeAxisLabels,
  timeAxisRange,
  timeAxisSteps,
  valueAxisRange,
  valueAxisSteps,
} from './chart-axes';
import './usage-chart.css';

const HEIGHT = 320;
const COLORS = { download: '#2563eb', upload: '#16a34a' } as const;

type UsageChartProps = {
  series: UsageSeries;
  /** The UI language: the time axis and the legend write dates in it. */
  language: string;
  labels: { time: string; download: string; upload: string; loading: string; error: string };
  /** Axis values: bytes as text in the page's units. */
  formatBytes: (bytes: number) => string;
};

const chartOptions = (
  UPlot: typeof uPlot,
  width: number,
  { series, language, labels, formatBytes }: UsageChartProps,
): uPlot.Options => {
  const tickLabels = timeAxisLabels(language);
  const bucketStart = formatBucketStart(language, series.bucket);
  return {
    width,
    height: HEIGHT,
    // Buckets are UTC hours and days (decision 121): the time axis speaks UTC too.
    tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    series: [
      {
        label: labels.time,
        value: (_chart, value) => (value === null ? '—' : bucketStart(value)),
      },
      {
        label: labels.download,
        stroke: COLORS.download,
        fill: `${COLORS.download}22`,
        width: 2,
        value: (_chart, value) => (value === null ? '—' : formatBytes(value)),
      },
      {
        label: labels.upload,
        stroke: COLORS.upload,
        fill: `${COLORS.upload}22`,
        width: 2,
        value: (_chart, value) => (value === null ? '—' : formatBytes(value)),
      },
    ],
    axes: [
      {
        incrs: timeAxisSteps(series.bucket),
        values: (_chart, ticks, _axis, _space, step) => tickLabels(ticks, step),
      },
      {
        size: 80,
        incrs: valueAxisSteps(),
        values: (_chart, splits) => splits.map((value) => formatBytes(value)),
      },
    ],
    scales: {
      // The period's window, not the span of its points (decision 160).
      x: { range: () => timeAxisRange(series) },
      y: { range: (_chart, _min, max) => valueAxisRange(max) },
    },
  };
};

/**
 * Traffic over time, drawn by uPlot: the statistics pages and the cabinet overview. uPlot (and
 * its stylesheet) is imported here, dynamically: only pages with a chart load it (decision 122).
 */
export const UsageChart = ({ series, language, labels, formatBytes }: UsageChartProps) => {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  // The texts and units of the current render, read when the chart is built (not a reason to
  // rebuild it).
  const optionsFor = useEffectEvent((UPlot: typeof uPlot, width: number) =>
    chartOptions(UPlot, width, { series, language, labels, formatBytes }),
  );

  useEffect(() => {
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let isCancelled = false;
    const data: uPlot.AlignedData = [
      series.points.map((point) => Date.parse(point.time) / 1000),
      series.points.map((point) => point.bytes_down),
      series.points.map((point) => point.bytes_up),
    ];
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        const element = container.current;
        if (isCancelled || !element) return;
        chart = new UPlot(optionsFor(UPlot, element.clientWidth), data, element);
        observer = new ResizeObserver(() =>
          chart?.setSize({ width: element.clientWidth, height: HEIGHT }),
        );
        observer.observe(element);
        setState('ready');
      })
      .catch(() => {
        if (!isCancelled) setState('error');
      });
    return () => {
      isCancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [series]);

  return (
    <div className="usage-chart">
      {state === 'loading' && <p className="usage-chart__status">{labels.loading}</p>}
      {state === 'error' && (
        <p className="usage-chart__status" role="alert">
          {labels.error}
        </p>
      )}
      <div
        ref={container}
        className="usage-chart__canvas"
        data-testid="usage-chart"
        data-state={state}
      />
    </div>
  );
};
