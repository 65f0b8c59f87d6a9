import { useEffect, useState } from 'react';

/**
 * Runs `run` once the browser has painted the next frame (a task queued from an animation frame
 * callback runs after that frame). A request started there never delays what the frame shows:
 * on a slow phone network it would take a connection and bandwidth from the screen's own files.
 * A hidden tab paints nothing: `run` waits until the tab is shown.
 */
export const whenPainted = (run: () => void): (() => void) => {
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (task !== undefined) clearTimeout(task);
  };
};

/**
 * However the first screen goes (a loader that never ends, a screen that does not mark itself),
 * what waits for it starts after this long.
 */
export const FIRST_SCREEN_FALLBACK_MS = 4000;

let isFirstScreenShown = false;
let fallback: ReturnType<typeof setTimeout> | undefined;
const firstScreenWaiters = new Set<() => void>();

/**
 * Called when the visit's first screen mounts: a route screen (router.tsx), or what a layout
 * shows in place of its pages (the verification and error screens); not a layout's loader.
 */
export const markFirstScreenShown = (): void => {
  if (isFirstScreenShown) return;
  isFirstScreenShown = true;
  clearTimeout(fallback);
  for (const run of firstScreenWaiters) run();
  firstScreenWaiters.clear();
};

/** The first screen marks itself when it mounts. */
export const useMarkFirstScreenShown = (): void => useEffect(markFirstScreenShown, []);

/** Runs `run` once the first screen of the visit has been committed (at once if it was). */
export const whenFirstScreenShown = (run: () => void): (() => void) => {
  if (isFirstScreenShown) {
    run();
    return () => {};
  }
  fallback ??= setTimeout(markFirstScreenShown, FIRST_SCREEN_FALLBACK_MS);
  firstScreenWaiters.add(run);
  return () => firstScreenWaiters.delete(run);
};

/** Runs `run` once the first screen of the visit has been committed and then painted. */
export const whenFirstScreenPainted = (run: () => void): (() => void) => {
  let cancelPaint = () => {};
  const cancelShown = whenFirstScreenShown(() => {
    cancelPaint = whenPainted(run);
  });
  return () => {
    cancelShown();
    cancelPaint();
  };
};

/**
 * False until the visit's first screen has been painted: a query that screen can show without
 * (server configuration, the notification badge, system alerts) is enabled by it.
 */
export const useFirstScreenPainted = (): boolean => {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => whenFirstScreenPainted(() => setPainted(true)), []);
  return isPainted;
};
