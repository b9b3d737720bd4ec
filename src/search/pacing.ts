/**
 * How the search engine's build in the browser (engine.ts `loadIndex`) shares the main thread with
 * the page. While a search waits for the engine, slices are long and follow each other at once.
 * Otherwise (the preload in the background) slices are short and each waits for a moment when the
 * browser has nothing else to do: a background-priority task where the browser has the Prioritized
 * Task Scheduling API (`scheduler.postTask`), an idle callback elsewhere.
 *
 * A background task runs as soon as input, rendering and the page's own tasks are done; an idle
 * callback runs at most once per idle period (up to 50 ms), so a build paced by idle callbacks used
 * about a sixth of the idle time and was not over after ten seconds of reading at 4× CPU slowdown.
 */
import type {BuildPacing} from './engine';

/** Milliseconds of work per slice: in the background, and while a search waits for the engine. */
export const BACKGROUND_SLICE_MS = 8;
export const URGENT_SLICE_MS = 40;

type PostTask = (callback: () => void, options: {priority: 'background'}) => Promise<unknown>;
type RequestIdle = (callback: () => void, options: {timeout: number}) => unknown;

export interface PacingHost {
  scheduler?: {postTask?: PostTask};
  requestIdleCallback?: RequestIdle;
  setTimeout(callback: () => void, ms: number): unknown;
}

/** The pacing of one client; `urgent()` tells whether a search is waiting for the engine now. */
export function buildPacing(urgent: () => boolean, host: PacingHost = globalThis as unknown as PacingHost): BuildPacing {
  return {
    sliceMs: () => (urgent() ? URGENT_SLICE_MS : BACKGROUND_SLICE_MS),
    pause: () =>
      new Promise<void>((resolve) => {
        const done = () => resolve();
        if (urgent()) {
          host.setTimeout(done, 0);
        } else if (typeof host.scheduler?.postTask === 'function') {
          host.scheduler.postTask(done, {priority: 'background'}).catch(done);
        } else if (typeof host.requestIdleCallback === 'function') {
          host.requestIdleCallback(done, {timeout: 500});
        } else {
          host.setTimeout(done, 0);
        }
      }),
  };
}
