/**
 * A page whose own chunks cannot be loaded never starts: Docusaurus preloads the route's chunks before
 * it hydrates, and after a failed client-side route load it reloads the page (a new deployment may have
 * replaced the chunks). If the chunks still fail, the reader would be left with a page that silently
 * does nothing. This module shows the same Russian error as `@theme/Loading` with «Повторить», which
 * reloads the page. Once the app runs, chunk failures are the app's own business (Loading, reloads).
 */
import type { ClientModule } from '@docusaurus/types';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { translate } from '@docusaurus/Translate';
import { LOADING_TEXT, isChunkLoadError } from '../lib/reader/loading';

const MARKER = 'data-monq-chunk-failure';

function paragraph(text: string, className?: string): HTMLParagraphElement {
  const node = document.createElement('p');
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

function showFailure(): void {
  if (document.querySelector(`[${MARKER}]`)) return;
  // The inline boot stops holding clicks back for a hydration that will not come
  // (src/lib/hydration/boot.ts): «Повторить» below must work.
  document.documentElement.setAttribute('data-hydration', 'failed');
  const box = document.createElement('div');
  box.className = 'monq-loading monq-loading--failed';
  box.setAttribute('role', 'alert');
  box.setAttribute(MARKER, '');
  box.append(
    paragraph(
      translate({ id: 'monq.loading.failed.title', message: LOADING_TEXT.failedTitle }),
      'monq-loading__title',
    ),
    paragraph(translate({ id: 'monq.loading.failed.text', message: LOADING_TEXT.failedText })),
  );
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--primary';
  button.textContent = translate({ id: 'monq.loading.failed.retry', message: LOADING_TEXT.retry });
  button.addEventListener('click', () => window.location.reload());
  box.append(button);
  const host = document.querySelector('main') ?? document.getElementById('__docusaurus_skipToContent_fallback');
  if (host) host.prepend(box);
  else document.body.prepend(box);
}

function hasStarted(): boolean {
  return document.documentElement.getAttribute('data-has-hydrated') === 'true';
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', (event) => {
    if (!hasStarted() && isChunkLoadError(event.reason)) showFailure();
  });
}

const clientModule: ClientModule = {};
export default clientModule;
