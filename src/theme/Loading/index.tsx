/**
 * Replacement of `@theme/Loading` (core theme-fallback, Docusaurus 3.10.2): the state of a lazy page
 * chunk (react-loadable). The fallback shows an English error and a retry that only re-runs the failed
 * import; ours shows Russian text and «Повторить», which reloads the page (a chunk usually fails
 * because a new deployment replaced it), and a spinner only once react-loadable's delay has passed.
 * The search bar shows the same states while its dialog loads (`subject="search"`).
 * The choice of state lives in src/lib/reader/loading.ts.
 */
import React, { type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import { LOADING_TEXT, loadingState, type LoadingProps } from '../../lib/reader/loading';

function reload(): void {
  window.location.reload();
}

export default function Loading(props: LoadingProps): ReactNode {
  const state = loadingState(props);
  if (state === 'failed') {
    return (
      <div className="monq-loading monq-loading--failed" role="alert">
        <p className="monq-loading__title">
          {props.subject === 'search'
            ? translate({
                id: 'monq.loading.failed.searchTitle',
                message: LOADING_TEXT.failedSearchTitle,
                description: 'Title shown when the search dialog failed to load',
              })
            : translate({
                id: 'monq.loading.failed.title',
                message: LOADING_TEXT.failedTitle,
                description: 'Title shown when a chunk of the page failed to load',
              })}
        </p>
        <p>
          {translate({
            id: 'monq.loading.failed.text',
            message: LOADING_TEXT.failedText,
            description: 'Text shown when a chunk of the page failed to load',
          })}
        </p>
        <button type="button" className="button button--primary" onClick={reload}>
          {translate({
            id: 'monq.loading.failed.retry',
            message: LOADING_TEXT.retry,
            description: 'Button that reloads the page after a chunk failed to load',
          })}
        </button>
      </div>
    );
  }
  if (state === 'spinner') {
    return (
      <div className="monq-loading" role="status">
        <span className="monq-loading__spinner" aria-hidden="true" />
        <span className="monq-loading__label">
          {translate({
            id: 'monq.loading.inProgress',
            message: LOADING_TEXT.inProgress,
            description: 'Screen-reader text of the spinner shown while a page chunk loads',
          })}
        </span>
      </div>
    );
  }
  return null;
}
