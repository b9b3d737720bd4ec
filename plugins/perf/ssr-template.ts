/**
 * The page template of the static build (the site config's `ssrTemplate`, a public option), written
 * here whole. It renders what Docusaurus's default (`@docusaurus/core/lib/ssg/ssgTemplate.html`, 3.10)
 * renders, with two differences:
 *
 * - React 19 writes resource hints for the images it sees first (`<link rel="preload" as="image">`,
 *   the two navbar logos) at the start of the rendered app, inside `<div id="__docusaurus">`. Preact's
 *   hydration does not step over them as React's does: it moved every top-level element of the page
 *   behind them, and the browser laid out and painted the page again. The template writes those
 *   leading links at the end of `<head>`, where the browser also sees them earlier.
 * - With `hydration: 'intent'` the entry scripts get no `<script defer>`: the inline boot
 *   (src/lib/hydration/boot.ts, compiled by boot-script.ts) prefetches them and runs them at the reader's first input
 *   (plugins/perf/README.md). To remove: `DOCS_HYDRATION=load`, or drop `ssrTemplate` from the config.
 */
import { counterSnippet } from '../../src/shared/metrica';
import { bootSource } from './boot-script';

export { bootSource };

/** Leading `<link>` elements of the rendered app: what moves to `<head>`. */
export const LEADING_LINKS = /^(?:\s*<link\b[^>]*>)*/;

/** Splits the rendered app into its leading `<link>` elements and the rest (the template's logic). */
export function splitLeadingLinks(appHtml: string): { links: string; app: string } {
  const links = LEADING_LINKS.exec(appHtml)?.[0] ?? '';
  return { links, app: appHtml.slice(links.length) };
}

const SCRIPT_TAG = '<script src="<%= it.baseUrl %><%= script %>" defer></script>';

/** When the browser bundle starts: with the page (stock) or at the reader's first input. */
export type Hydration = 'load' | 'intent';

export interface TemplateOptions {
  hydration: Hydration;
  /** The analytics counter's id: its inline snippet counts the first view (src/shared/metrica.ts). */
  counter?: number | null;
}

/**
 * The entry scripts among a page's scripts: Docusaurus's runtime and `main.js`. The others are the
 * page's route chunks (route-chunk-origins.ts), which `main.js` loads itself.
 */
export const ENTRY_SCRIPT = /(?:^|\/)(?:runtime~)?main(?:\.[\w-]+)?\.js$/;

/**
 * The inline script that loads the page's entry scripts on intent and prefetches its route chunks
 * (both from `it.scripts`, in the script's `data-scripts` and `data-prefetch`: src/lib/hydration/boot.ts
 * `BOOT_ATTRIBUTES`). The route chunks differ from page to page, so they are attributes, not part of
 * the script's text: one Content-Security-Policy hash covers the boot of every page.
 */
export function bootScript(): string {
  const entry = `it.scripts.filter((script) => ${ENTRY_SCRIPT.toString()}.test(script))`;
  const chunks = `it.scripts.filter((script) => !${ENTRY_SCRIPT.toString()}.test(script))`;
  const list = (scripts: string) => `<%= ${scripts}.map((script) => it.baseUrl + script).join(' ') %>`;
  return `<script data-prefetch="${list(chunks)}" data-scripts="${list(entry)}">${bootSource()}</script>`;
}

/** The template, from the options; rendered by Docusaurus with Eta (`it` is the page). */
export function ssrTemplate({ hydration, counter = null }: TemplateOptions = { hydration: 'load' }): string {
  // Eta runs the template as one function: `hoisted` is computed in <head> and used in <body>.
  const hoist = `<% const hoisted = (${LEADING_LINKS.toString()}).exec(it.appHtml)[0]; %>`;
  // Route chunks are in `it.scripts` too (route-chunk-origins.ts): tags only for the entry scripts.
  const scripts =
    hydration === 'load'
      ? `<% it.scripts.forEach((script) => { if (${ENTRY_SCRIPT.toString()}.test(script)) { %>
      ${SCRIPT_TAG}
    <% } }); %>`
      : bootScript();
  return `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    ${hoist}<%~ hoisted %>${counter === null ? '' : `\n    <script>${counterSnippet(counter)}</script>`}
    ${scripts}
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml.slice(hoisted.length) %></div>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
}
