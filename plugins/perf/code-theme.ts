/**
 * The code colours of both colour modes as a `<style>` in the `<head>` of every page: the variables
 * that src/lib/code/highlight.tsx renders code blocks with (src/shared/code/themeVariables.ts), from the
 * themes of config/prism.ts. Inline rather than a file: no request of its own, and it applies before
 * the first paint, before (and without) any script. About 2.7 KB of HTML a page, 0.6 KB gzip.
 * The CSP allows inline styles (`style-src 'unsafe-inline'`, plugins/deploy/csp.ts).
 *
 * Registered by the perf plugin (`injectHtmlTags` in index.ts). To remove: drop that line, and render
 * the theme's values again in highlight.tsx (prism-react-renderer's `themeToDict`).
 */
import type { HtmlTagObject } from '@docusaurus/types';
import { darkCodeTheme, lightCodeTheme } from '../../src/shared/code/prism';
import { themeCss, themeVariables } from '../../src/shared/code/themeVariables';

/** Marks the element, for tests and for anyone reading a page's source. */
export const CODE_THEME_ATTRIBUTE = 'data-monq-code-theme';

/** The stylesheet text of the site's code themes. */
export function codeThemeCss(): string {
  return themeCss(themeVariables(lightCodeTheme, darkCodeTheme));
}

/** The perf plugin's `injectHtmlTags`: the stylesheet, computed once per build. */
export function injectCodeTheme(): { headTags: HtmlTagObject[] } {
  return { headTags: [{ tagName: 'style', attributes: { [CODE_THEME_ATTRIBUTE]: true }, innerHTML: codeThemeCss() }] };
}
