import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { UsageSeries } from '@proxy/contract';
import { stubMatchMedia } from '../../../test/dom';
import { UsageChart } from './usage-chart';

/** What uPlot drew: its canvas texts (axis values) and its points (an arc per point). */
type Drawing = {
  texts: { text: string; x: number; y: number }[];
  points: { x: number; y: number }[];
};

/**
 * jsdom has no canvas: a 2D context and Path2D that record what uPlot writes and where it puts
 * its points, and a 600 px wide container.
 */
const recordDrawing = (): Drawing => {
  const drawing: Drawing = { texts: [], points: [] };
  // Methods it is given record; any other is a no-op; properties (styles) are kept.
  const recorder = (calls: Record<string, (...args: never[]) => unknown>) => {
    const kept = new Map<string | symbol, unknown>();
    return new Proxy(
      {},
      {
        get: (_target, key) =>
          (typeof key === 'string' ? calls[key] : undefined) ??
          (kept.has(key) ? kept.get(key) : () => {}),
        set: (_target, key, value) => {
          kept.set(key, value);
          return true;
        },
      },
    );
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    recorder({
      fillText: (text: string, x: number, y: number) => drawing.texts.push({ text, x, y }),
      measureText: (text: string) => ({ width: text.length * 6 }),
    }) as never,
  );
  vi.stubGlobal(
    'Path2D',
    // A constructor returning its recorder: `new Path2D()` answers it.
    function Path2D() {
      return recorder({ arc: (x: number, y: number) => drawing.points.push({ x, y }) });
    },
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  return drawing;
};

const DAY = 86_400_000;

/** An "all" series of day buckets from `from` (a UTC day), `days` long, the last one today. */
const allSeries = (from: string, days: number): UsageSeries => {
  const start = Date.parse(from);
  const points = Array.from({ length: days }, (_, index) => ({
    time: new Date(start + index * DAY).toISOString(),
    bytes_down: 4_200_000,
    bytes_up: 700_000,
  }));
  return {
    bucket: 'day',
    from: new Date(start).toISOString(),
    to: new Date(start + days * DAY).toISOString(),
    points,
    totals: { bytes_up: 700_000 * days, bytes_down: 4_200_000 * days, bytes: 4_900_000 * days },
  };
};

/** Draws the chart; answers the time axis labels and the points' x, as drawn. */
const drawChart = async (series: UsageSeries, drawing: Drawing) => {
  render(
    <UsageChart
      series={series}
      language="en"
      // The value axis is told apart from the time axis by this prefix.
      formatBytes={(bytes) => `value:${bytes}`}
      labels={{
        time: 'Time',
        download: 'Download',
        upload: 'Upload',
        loading: 'Loading',
        error: 'Error',
      }}
    />,
  );
  await waitFor(() => expect(screen.getByTestId('usage-chart').dataset.state).toBe('ready'));
  // uPlot draws in a microtask after it is built.
  await waitFor(() => expect(drawing.points.length).toBeGreaterThan(0));
  const valueLabels = drawing.texts.filter(({ text }) => text.startsWith('value:'));
  return {
    timeLabels: drawing.texts.filter(({ text }) => !text.startsWith('value:')),
    pointsX: [...new Set(drawing.points.map(({ x }) => Math.round(x)))],
    // The canvas's y grows downwards: the top tick has the smallest.
    topValue: valueLabels.reduce((top, label) => (label.y < top.y ? label : top)),
    highestPointY: Math.min(...drawing.points.map(({ y }) => y)),
  };
};

describe('UsageChart', () => {
  let drawing: Drawing;
  beforeEach(() => {
    stubMatchMedia(false);
    drawing = recordDrawing();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws "All time" of a package bought today as that one day, its point over the date', async () => {
    const { timeLabels, pointsX, topValue, highestPointY } = await drawChart(
      allSeries('2026-11-28T00:00:00Z', 1),
      drawing,
    );
    expect(timeLabels.map(({ text }) => text)).toEqual(['28 Nov', '2026']);
    const day = timeLabels.find(({ text }) => text === '28 Nov')!;
    expect(pointsX).toHaveLength(1);
    expect(Math.abs(pointsX[0]! - day.x)).toBeLessThanOrEqual(1);
    // The value axis reaches the largest value: no point above its top tick.
    expect(Number(topValue.text.slice('value:'.length))).toBeGreaterThanOrEqual(4_200_000);
    expect(highestPointY).toBeGreaterThanOrEqual(topValue.y - 1);
  });

  it('runs "All time" from the purchase day to today, one point over each day', async () => {
    const { timeLabels, pointsX } = await drawChart(allSeries('2026-11-25T00:00:00Z', 4), drawing);
    const days = timeLabels.filter(({ text }) => text !== '2026');
    expect(days.map(({ text }) => text)).toEqual(['25 Nov', '26 Nov', '27 Nov', '28 Nov']);
    expect(pointsX).toHaveLength(4);
    pointsX.forEach((x, index) => expect(Math.abs(x - days[index]!.x)).toBeLessThanOrEqual(1));
  });
});
