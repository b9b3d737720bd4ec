/**
 * Loader for `.docusaurus/docusaurus.config.mjs`, client bundle only: the site config that every page
 * gets as `siteConfig` in `main.js`.
 *
 * Docusaurus serializes the whole config into the browser bundle, including what only the build reads:
 * the page template, the options of every plugin and preset, the client-module list, the static
 * folders and the broken-link policies (about 4 KB of the 10 KB module). The client copy drops those
 * keys; a unit test checks that no browser module of Docusaurus, of its themes or of this site reads
 * them. The server bundle keeps the whole config.
 *
 * The code themes (`themeConfig.prism.theme`, `darkTheme`) become empty themes in the client copy: the
 * colours of code blocks are CSS variables (plugins/perf/code-theme.ts, src/shared/code/themeVariables.ts),
 * and the theme's code block reads only the shape.
 */
const BUILD_ONLY_KEYS = [
  'ssrTemplate',
  'presets',
  'plugins',
  'themes',
  'clientModules',
  'scripts',
  'headTags',
  'stylesheets',
  'staticDirectories',
  'onBrokenLinks',
  'onBrokenAnchors',
  'onDuplicateRoutes',
];

/** Keys of `themeConfig.prism` whose colours come from CSS in the browser. */
const CODE_THEME_KEYS = ['theme', 'darkTheme'];

const EXPORT = 'export default ';

function clientSiteConfig(source) {
  const start = source.indexOf(EXPORT);
  let config;
  try {
    config = JSON.parse(source.slice(start + EXPORT.length).replace(/;?\s*$/, ''));
  } catch (error) {
    throw new Error(`perf: the generated site config is no longer JSON after "${EXPORT}" (${error}); see plugins/perf/site-config-loader.cjs`);
  }
  if (start < 0 || typeof config !== 'object' || config === null || typeof config.baseUrl !== 'string') {
    throw new Error('perf: the generated site config has an unknown shape; see plugins/perf/site-config-loader.cjs');
  }
  for (const key of BUILD_ONLY_KEYS) delete config[key];
  const prism = config.themeConfig && config.themeConfig.prism;
  if (prism) for (const key of CODE_THEME_KEYS) if (prism[key]) prism[key] = { plain: {}, styles: [] };
  return `${EXPORT}${JSON.stringify(config)};\n`;
}

module.exports = function siteConfigLoader(source) {
  return clientSiteConfig(source);
};
module.exports.BUILD_ONLY_KEYS = BUILD_ONLY_KEYS;
module.exports.CODE_THEME_KEYS = CODE_THEME_KEYS;
module.exports.clientSiteConfig = clientSiteConfig;
