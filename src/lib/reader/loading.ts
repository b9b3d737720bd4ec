/** What the lazy-chunk placeholder (`@theme/Loading`) shows, and how a chunk failure is recognised. */

export interface LoadingProps {
  error?: unknown;
  pastDelay?: boolean;
  timedOut?: boolean;
  /** What is loading: a page chunk (react-loadable, the default) or the search dialog. */
  subject?: 'page' | 'search';
}

export type LoadingState = 'failed' | 'spinner' | 'nothing';

/**
 * How long a lazy chunk may take before its spinner shows: react-loadable's default `delay`, which the
 * route components of Docusaurus keep. Lazy parts of the page that we load ourselves (the search
 * dialog) use the same value, so every spinner of the site behaves alike.
 */
export const LOADING_DELAY_MS = 200;

/**
 * A failed chunk shows the error; a chunk still loading shows the spinner only after react-loadable's
 * delay (so a fast load never flashes it); before that, nothing.
 */
export function loadingState({ error, pastDelay, timedOut }: LoadingProps): LoadingState {
  if (error !== undefined && error !== null) return 'failed';
  if (pastDelay || timedOut) return 'spinner';
  return 'nothing';
}

/** Russian texts of the failure box (default messages of the `monq.loading.*` translation ids). */
export const LOADING_TEXT = {
  failedTitle: 'Не удалось загрузить страницу',
  failedSearchTitle: 'Не удалось загрузить поиск',
  failedText: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить',
  inProgress: 'Загрузка…',
} as const;

/**
 * Whether a rejection is a failed script or style chunk of the bundler (webpack and Rspack name it
 * `ChunkLoadError`; mini-css-extract marks its failures with `CSS_CHUNK_LOAD_FAILED`).
 */
export function isChunkLoadError(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false;
  const { name, code, message } = reason as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return typeof message === 'string' && /^Loading (CSS )?chunk \S+ failed/.test(message);
}

export interface LazyLoadCallbacks {
  /** The props for `@theme/Loading` while the chunk is pending or failed; `null` once it has loaded. */
  onState(state: LoadingProps | null): void;
  /** Called once, when the chunk has loaded (and the wait was not cancelled). */
  onLoaded(): void;
}

/**
 * Follows one lazy chunk the way react-loadable follows a page chunk: pending without a spinner, the
 * spinner after `delayMs`, then loaded or failed. Returns `cancel`: after it no callback runs (the
 * reader gave up waiting).
 */
export function trackLazyLoad(
  load: Promise<unknown>,
  { onState, onLoaded }: LazyLoadCallbacks,
  delayMs: number = LOADING_DELAY_MS,
): () => void {
  let active = true;
  onState({ pastDelay: false });
  const timer = setTimeout(() => {
    if (active) onState({ pastDelay: true });
  }, delayMs);
  load.then(
    () => {
      clearTimeout(timer);
      if (!active) return;
      active = false;
      onState(null);
      onLoaded();
    },
    (error: unknown) => {
      clearTimeout(timer);
      if (!active) return;
      onState({ error: error ?? new Error('chunk failed'), pastDelay: true });
    },
  );
  return () => {
    active = false;
    clearTimeout(timer);
  };
}
