/**
 * Hydration in slices (plugins/perf/README.md, "The pieces").
 *
 * Preact hydrates the whole page in one task; on a slow phone that task blocks taps for a second.
 * Parts of the page (the navbar, the docs sidebar and table of contents, the footer, the home page's
 * two sections) are wrapped in `HydrationSlice`; the article itself hydrates in the first pass. While the page is first hydrated, each of them keeps its
 * server-rendered DOM untouched (Preact's suspended hydration) and takes a place in a queue. When
 * the first pass is over, the queue hydrates them in document order, one task per slice, so the
 * browser can handle input and paint between them.
 *
 * The effects of the first pass wait until the last slice is hydrated, and then run in a task of their
 * own. So every slice is hydrated with the state the server rendered with (`useIsBrowser()` still
 * false, no window size yet), as in a hydration done at once: Preact does not patch attributes while
 * it hydrates, so a slice hydrated after those effects would keep server attributes that the browser
 * render changes (the colour-mode button would stay disabled). After the effects, the page re-renders
 * as usual.
 *
 * This module is the queue; it knows nothing of Preact. `src/lib/hydration/preactClient.ts` opens and
 * closes the first pass and hands it the effects; `src/components/HydrationSlice` asks for a place.
 */

/** A place in the queue: a slice waits on `promise` until `done`. */
export interface Slice {
  done: boolean;
  promise: Promise<void>;
}

/** Runs a callback in a later task of the event loop. */
export type PostTask = (callback: () => void) => void;

/** `<html data-hydrating="slices">` while slices wait (tests and tools wait for it to go). */
export const PENDING_ATTRIBUTE = 'data-hydrating';
export const PENDING_VALUE = 'slices';

type Phase = 'off' | 'first-pass' | 'after';

export interface SliceQueue {
  /** Whether `HydrationSlice` should render its boundary at all (only on a sliced client). */
  readonly enabled: boolean;
  /** Whether the first hydration pass is running now. */
  readonly inFirstPass: boolean;
  /** The first hydration pass starts: slices met from now on wait. */
  begin(): void;
  /** The first pass is over: slices are released one task at a time, then the deferred callbacks run. */
  end(): void;
  /** Runs `callback` in a task after the last slice has been released (the effects of the first pass). */
  afterSlices(callback: () => void): void;
  /** A place for a slice met during the first pass; `null` (render now) at any other time. */
  take(): Slice | null;
  /** Slices still waiting. */
  pending(): number;
}

export interface SliceQueueOptions {
  post?: PostTask;
  /** Called with `true` when slices start waiting and `false` once the last one is released and the deferred callbacks have run. */
  onPending?: (pending: boolean) => void;
}

/**
 * A task of its own, not clamped like a nested `setTimeout(0)` and not paused by fake timers. The
 * channel is made on first use (an open port would keep a Node process alive).
 */
let channel: { port: MessagePort; callbacks: Array<() => void> } | null = null;
export const postMessageTask: PostTask = (callback) => {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(callback, 0);
    return;
  }
  if (!channel) {
    const { port1, port2 } = new MessageChannel();
    const callbacks: Array<() => void> = [];
    port1.onmessage = () => callbacks.shift()?.();
    channel = { port: port2, callbacks };
  }
  channel.callbacks.push(callback);
  channel.port.postMessage(null);
};

export function createSliceQueue({ post = postMessageTask, onPending }: SliceQueueOptions = {}): SliceQueue {
  let phase: Phase = 'off';
  let marked = false;
  const waiting: Array<{ slice: Slice; resolve: () => void }> = [];
  const deferred: Array<() => void> = [];

  /** One task: the next slice, or, when none is left, the deferred callbacks. */
  const step = (): void => {
    const next = waiting.shift();
    if (next) {
      next.slice.done = true;
      next.resolve();
      post(step);
      return;
    }
    for (const callback of deferred.splice(0)) callback();
    if (marked) {
      marked = false;
      onPending?.(false);
    }
  };

  return {
    get enabled() {
      return phase !== 'off';
    },
    get inFirstPass() {
      return phase === 'first-pass';
    },
    begin() {
      if (phase === 'off') phase = 'first-pass';
    },
    end() {
      if (phase !== 'first-pass') return;
      phase = 'after';
      if (waiting.length > 0) {
        marked = true;
        onPending?.(true);
      }
      if (waiting.length > 0 || deferred.length > 0) post(step);
    },
    afterSlices(callback) {
      if (phase === 'first-pass') deferred.push(callback);
      else post(callback);
    },
    take() {
      if (phase !== 'first-pass') return null;
      let resolve: () => void = () => undefined;
      const promise = new Promise<void>((done) => (resolve = done));
      const slice: Slice = { done: false, promise };
      waiting.push({ slice, resolve });
      return slice;
    },
    pending() {
      return waiting.length;
    },
  };
}

function markPending(pending: boolean): void {
  if (typeof document === 'undefined') return;
  if (pending) document.documentElement.setAttribute(PENDING_ATTRIBUTE, PENDING_VALUE);
  else document.documentElement.removeAttribute(PENDING_ATTRIBUTE);
}

/** The page's queue (one per browser page; on the server it is never begun, so it stays off). */
export const slices: SliceQueue = createSliceQueue({ onPending: markPending });
