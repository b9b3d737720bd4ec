/**
 * «Markdown» and «Скопировать как Markdown» on the line under a doc page's edit link, in its column
 * (src/theme/EditThisPage).
 * The link is a plain link to the page's Markdown twin (plugins/llms): it works before the page has
 * hydrated and is not routed by the client router. The button copies the twin's text; a click made
 * before hydration is replayed by the boot script (src/lib/hydration/boot.ts). The confirmation
 * appears beside the button in a polite live region, so the button keeps its name.
 */
import { useEffect, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { COPY_CONFIRM_MS, MARKDOWN_LABELS, copyTwin } from '@site/src/lib/markdownTwin';
import { twinPath } from '@site/src/shared/markdownTwin';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

export default function MarkdownActions({ pathname }: { pathname: string }): ReactNode {
  const href = twinPath(pathname);
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = window.setTimeout(() => setState('idle'), COPY_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = () => {
    copyTwin(href, navigator.clipboard).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <div className={styles.actions}>
      <a className={styles.action} href={href} type="text/markdown" title={MARKDOWN_LABELS.linkTitle}>
        {MARKDOWN_LABELS.link}
      </a>
      <button type="button" className={clsx('clean-btn', styles.action)} onClick={copy}>
        {MARKDOWN_LABELS.copy}
      </button>
      <span role="status" className={clsx(styles.status, state === 'failed' && styles.failed)}>
        {state === 'copied' ? MARKDOWN_LABELS.copied : state === 'failed' ? MARKDOWN_LABELS.failed : ''}
      </span>
    </div>
  );
}
