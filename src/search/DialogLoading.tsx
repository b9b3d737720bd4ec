/**
 * The search dialog is a lazy chunk: on a slow network the reader pressed the button or Ctrl+K and
 * would see nothing happen. While it loads, this layer shows `@theme/Loading` in the place of the
 * dialog: nothing before the delay, then the spinner; if the chunk fails, the Russian error with
 * «Повторить». A click outside the box or Esc gives up waiting.
 */
import React, { useEffect, type ReactNode } from 'react';
import Loading from '../theme/Loading';
import { loadingState, type LoadingProps } from '../lib/reader/loading';

export default function DialogLoading({ state, onCancel }: { state: LoadingProps; onCancel: () => void }): ReactNode {
  const visible = loadingState(state) !== 'nothing';
  useEffect(() => {
    if (!visible) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible, onCancel]);
  if (!visible) return null;
  return (
    <div
      className="monq-search-loading"
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}>
      <div className="monq-search-loading__box">
        <Loading {...state} subject="search" />
      </div>
    </div>
  );
}
