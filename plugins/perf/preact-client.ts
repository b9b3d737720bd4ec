/**
 * `react-dom/client` of the browser bundle on Preact (see index.ts): preact/compat's `createRoot` and
 * `hydrateRoot`, with effects scheduled as React schedules those of a click or a key press.
 *
 * Preact runs `useEffect` after the next animation frame; React flushes the effects of a discrete
 * event before the browser handles the next event. Components written for React rely on that: the
 * search modal adds its Escape listener in an effect, and a key pressed right after it opened was lost.
 * Here effects run in a microtask after the commit, before the next event (and without waiting for a
 * frame, which a background tab or paused timers would hold back).
 */
import { options } from 'preact';
import { createRoot, hydrateRoot } from 'preact/compat/client';

options.requestAnimationFrame = (flush: () => void): void => {
  queueMicrotask(flush);
};

export { createRoot, hydrateRoot };
export default { createRoot, hydrateRoot };
