/**
 * The page template of the static build: Docusaurus's own (`ssgTemplate.html`), with two changes.
 *
 * React 19 writes resource hints for the images it sees first (`<link rel="preload" as="image">`,
 * here the two navbar logos) at the very start of the rendered app, because Docusaurus renders the
 * app and not the whole document. They land inside `<div id="__docusaurus">`, before the first
 * element of the app. React's own hydration steps over them; Preact's does not: it moved every
 * top-level element of the page (skip link, announcement, navbar, main, footer) behind them on
 * load, and the browser laid out and painted the whole page again. In `<head>`, where React would
 * put them in a full-document render, the hints also reach the browser earlier.
 *
 * The entry scripts are not loaded with `<script defer>`: with `hydration: 'intent'` the template
 * inlines `hydration-boot.cjs`, which prefetches them and runs them at the reader's first input
 * (plugins/perf/README.md, "Hydration on intent").
 *
 * The template is derived from the installed default, so a Docusaurus upgrade brings its changes
 * along; an anchor that is no longer found stops the build.
 */
import defaultTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';
import { createRequire } from 'node:module';

/** The boot function (plain JavaScript, run in the browser; `hydration-boot.cjs`). */
export type MonqBoot = (config: { scripts: string[]; eager: boolean }, win?: Window) => void;
const { monqBoot } = createRequire(import.meta.url)('./hydration-boot.cjs') as { monqBoot: MonqBoot };

/** Leading `<link>` elements of the rendered app: what moves to `<head>`. */
export const LEADING_LINKS = /^(?:\s*<link\b[^>]*>)*/;

/** Splits the rendered app into its leading `<link>` elements and the rest (the template's logic). */
export function splitLeadingLinks(appHtml: string): { links: string; app: string } {
  const links = LEADING_LINKS.exec(appHtml)?.[0] ?? '';
  return { links, app: appHtml.slice(links.length) };
}

const APP = '<div id="__docusaurus"><%~ it.appHtml %></div>';
const HEAD_END = '</head>';

function replaceOnce(template: string, anchor: string, replacement: string): string {
  const at = template.indexOf(anchor);
  if (at < 0 || template.indexOf(anchor, at + anchor.length) >= 0) {
    throw new Error(`ssr-template: "${anchor}" is not found exactly once in Docusaurus's page template; review plugins/perf/ssr-template.ts`);
  }
  return template.slice(0, at) + replacement + template.slice(at + anchor.length);
}

const SCRIPT_TAG = '<script src="<%= it.baseUrl %><%= script %>" defer></script>';

/** When the browser bundle starts: with the page (stock) or at the reader's first input. */
export type Hydration = 'load' | 'intent';

export interface TemplateOptions {
  hydration: Hydration;
  /** Start every page at once (the analytics counter counts each page view on load). */
  eager: boolean;
}

/**
 * `monqBoot` as an inline script: its source without comments and indentation. A line comment is
 * only ever a whole line there, and no string in it holds a comment marker.
 */
export function bootSource(): string {
  return monqBoot
    .toString()
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}

/**
 * The entry scripts among a page's scripts: Docusaurus's runtime and `main.js`. The others are the
 * page's route chunks (route-chunk-origins.ts), which `main.js` loads itself.
 */
export const ENTRY_SCRIPT = /(?:^|\/)(?:runtime~)?main(?:\.[\w-]+)?\.js$/;

/**
 * The inline script that loads the page's entry scripts on intent and prefetches its route chunks
 * (both from `it.scripts`). The route chunks differ from page to page, so they are an attribute, not
 * part of the script's text: one Content-Security-Policy hash covers the boot of every page.
 */
export function bootScript(eager: boolean): string {
  const entry = `it.scripts.filter((script) => ${ENTRY_SCRIPT.toString()}.test(script))`;
  const chunks = `it.scripts.filter((script) => !${ENTRY_SCRIPT.toString()}.test(script))`;
  const scripts = `<%~ JSON.stringify(${entry}.map((script) => it.baseUrl + script)) %>`;
  const prefetch = `<%= ${chunks}.map((script) => it.baseUrl + script).join(' ') %>`;
  return `<script data-prefetch="${prefetch}">(${bootSource()})({scripts:${scripts},eager:${eager}})</script>`;
}

/** The template with the app's leading links written at the end of `<head>`. */
export function ssrTemplate(
  base: string = defaultTemplate,
  { hydration, eager }: TemplateOptions = { hydration: 'load', eager: false },
): string {
  // Eta runs the template as one function: `hoisted` is computed in <head> and used in <body>.
  const split = `<% const hoisted = (${LEADING_LINKS.toString()}).exec(it.appHtml)[0]; %>`;
  const withHead = replaceOnce(base, HEAD_END, `  ${split}<%~ hoisted %>\n  ${HEAD_END}`);
  const withApp = replaceOnce(withHead, APP, '<div id="__docusaurus"><%~ it.appHtml.slice(hoisted.length) %></div>');
  // Route chunks are in `it.scripts` too (route-chunk-origins.ts): the stock tag stays for the entry scripts.
  if (hydration === 'load') {
    return replaceOnce(withApp, SCRIPT_TAG, `<% if (${ENTRY_SCRIPT.toString()}.test(script)) { %>\n      ${SCRIPT_TAG}\n    <% } %>`);
  }
  const withoutScripts = replaceOnce(withApp, SCRIPT_TAG, '');
  return replaceOnce(withoutScripts, `  ${HEAD_END}`, `  ${bootScript(eager)}\n  ${HEAD_END}`);
}
