/** What the lazy-chunk placeholder (`@theme/Loading`) shows, and how a chunk failure is recognised. */

export interface LoadingProps {
  error?: unknown;
  pastDelay?: boolean;
  timedOut?: boolean;
}

export type LoadingState = 'failed' | 'spinner' | 'nothing';

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
