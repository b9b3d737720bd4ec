/**
 * `react-dom/client` of the browser bundle on Preact (see index.ts): preact/compat's `createRoot` and
 * `hydrateRoot`, with effects scheduled as React schedules those of a click or a key press.
 *
 * Preact runs `useEffect` after the next animation frame; React flushes the effects of a discrete
 * event before the browser handles the next event. Components written for React rely on that: the
 * search modal adds its Escape listener in an effect, and a key pressed right after it opened was lost.
 * Here effects run in a microtask after the commit, before the next event (and without waiting for a
 * frame, which a background tab or paused timers would hold back).
 *
 * The first hydration pass is also where `HydrationSlice`s are met: the queue of
 * `src/lib/hydration/slices.ts` is open during it and releases them, one task each, afterwards. The
 * effects of that pass (and of the slices) run after the last slice, in a task of their own, as React
 * runs those of a hydration: every slice is hydrated with the server's state, and the re-render for
 * the browser (on a phone, the navbar and sidebar for the small screen) no longer lengthens the task
 * that hydrated the page.
 */
import { options } from 'preact';
import { createRoot, hydrateRoot as hydrateRootAtOnce } from 'preact/compat/client';
import { slices } from './slices';

options.requestAnimationFrame = (flush: () => void): void => {
  if (slices.inFirstPass) slices.afterSlices(flush);
  else queueMicrotask(flush);
};

/** preact/compat's `hydrateRoot`, with the slice queue open during its (synchronous) first pass. */
export const hydrateRoot: typeof hydrateRootAtOnce = (container, children, ...rest) => {
  slices.begin();
  try {
    return hydrateRootAtOnce(container, children, ...rest);
  } finally {
    slices.end();
  }
};

export { createRoot };
export default { createRoot, hydrateRoot };
