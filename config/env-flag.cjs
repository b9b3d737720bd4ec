/**
 * How the site reads an on/off environment switch: unset or blank gives the default; `1`, `true`,
 * `yes` and `on` (any case) turn it on; anything else turns it off. Plain CommonJS, so that the build
 * command's preloads (plugins/perf/mdx-parse-early.cjs) read `DOCS_MDX_WORKERS` exactly as
 * config/env.ts does.
 */
'use strict';

/**
 * @param {string | undefined} value
 * @param {boolean} fallback
 * @returns {boolean}
 */
function flag(value, fallback) {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

module.exports = { flag };
