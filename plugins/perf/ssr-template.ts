/**
 * The page template of the static build: Docusaurus's own (`ssgTemplate.html`), with one change.
 *
 * React 19 writes resource hints for the images it sees first (`<link rel="preload" as="image">`,
 * here the two navbar logos) at the very start of the rendered app, because Docusaurus renders the
 * app and not the whole document. They land inside `<div id="__docusaurus">`, before the first
 * element of the app. React's own hydration steps over them; Preact's does not: it moved every
 * top-level element of the page (skip link, announcement, navbar, main, footer) behind them on
 * load, and the browser laid out and painted the whole page again. In `<head>`, where React would
 * put them in a full-document render, the hints also reach the browser earlier.
 *
 * The template is derived from the installed default, so a Docusaurus upgrade brings its changes
 * along; an anchor that is no longer found stops the build.
 */
import defaultTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';

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

/** The template with the app's leading links written at the end of `<head>`. */
export function ssrTemplate(base: string = defaultTemplate): string {
  // Eta runs the template as one function: `hoisted` is computed in <head> and used in <body>.
  const split = `<% const hoisted = (${LEADING_LINKS.toString()}).exec(it.appHtml)[0]; %>`;
  const withHead = replaceOnce(base, HEAD_END, `  ${split}<%~ hoisted %>\n  ${HEAD_END}`);
  return replaceOnce(withHead, APP, '<div id="__docusaurus"><%~ it.appHtml.slice(hoisted.length) %></div>');
}
