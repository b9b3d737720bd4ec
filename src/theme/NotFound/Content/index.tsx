import React, { type ReactNode } from 'react';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type { WrapperProps } from '@docusaurus/types';
import { MOVED, MOVED_NOTICE_ID, movedNoscript, movedScript } from '@site/src/shared/moved';
import { ARCHIVED_VERSIONS } from '@site/src/shared/site';

type Props = WrapperProps<typeof ContentType>;

/** The server bundle's flag (plugins/perf, `SERVER_CONSTANT`): true while the server renders the page. */
const SERVER = __MONQ_SERVER__;

/**
 * Built once, by the server only: the same text on every build of the same rules (its CSP hash is
 * computed from the HTML). The browser never needs it: hydration leaves both elements as they are,
 * and a script inserted later would not run. So the rules and their script stay out of the browser's
 * bundle, which every doc page loads (the docs root renders this content for an unknown address).
 */
const SCRIPT = SERVER ? movedScript(MOVED) : '';
const NOSCRIPT = SERVER ? movedNoscript(ARCHIVED_VERSIONS) : '';

/**
 * Wrapper: before the theme's «Страница не найдена», a notice that the inline script fills when the
 * address is an old one (src/shared/moved.ts): «Страница переехала: <ссылка>», and the page goes there.
 * The script runs while the HTML is parsed, not at hydration; the elements it changes are rendered
 * with props that hydration does not diff (`hidden`, dangerouslySetInnerHTML).
 */
export default function NotFoundContentWrapper(props: Props): ReactNode {
  return (
    <>
      <div id={MOVED_NOTICE_ID} className="container margin-top--xl" hidden>
        <p className="alert alert--info" dangerouslySetInnerHTML={{ __html: '' }} />
      </div>
      <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />
      <Content {...props} className={props.className ? `${props.className} monq-not-found` : 'monq-not-found'} />
      <noscript dangerouslySetInnerHTML={{ __html: NOSCRIPT }} />
    </>
  );
}
