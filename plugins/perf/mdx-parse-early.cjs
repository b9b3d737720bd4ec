/**
 * Preloaded by the build command (`node --require ./plugins/perf/mdx-parse-early.cjs`): in
 * `docusaurus build`, the MDX parse worker (mdx-parse.ts) starts when Node starts, not when the site
 * config has been evaluated. Docusaurus spends the first 2.5 s or so of a build loading its modules
 * and the config on one core; the worker parses pages on the other one meanwhile.
 *
 * The preload cannot read the TypeScript config, so `SITE` repeats the two things the pool depends
 * on: the content directories (`parseDirs` of config/perf.ts) and `markdown.mdx1Compat` of
 * docusaurus.config.ts. `tests/unit/mdx-parse.test.ts` checks that they agree. When the config asks
 * for a pool with the same key, `ParsePool` adopts these workers; otherwise it stops them and starts
 * its own, so a disagreement costs time, never correctness (the loader still checks every tree).
 *
 * Nothing starts in worker threads (they inherit the preload), in another command, or with
 * `DOCS_MDX_WORKERS` off.
 */
'use strict';

const { isMainThread } = require('node:worker_threads');
const { resolve } = require('node:path');
const { contentFiles, parseWorkers, poolKey, startWorkers } = require('./mdx-parse-start.cjs');
// `DOCS_MDX_WORKERS` read exactly as config/env.ts reads it.
const { flag } = require('../../config/env-flag.cjs');

/** What the site config asks of the pool (see the header). */
const SITE = {
  dirs: ['docs', 'versioned_docs', 'upgrade', 'upgrade_versioned_docs', 'src/pages'],
  mdx1Compat: { comments: true, admonitions: true, headingIds: true },
};
const EARLY = Symbol.for('monq.docs.mdxParseEarly');


/** The options the site config will give the pool in a build run from `siteDir`. */
function earlyOptions(siteDir) {
  return {
    files: contentFiles(SITE.dirs.map((dir) => resolve(siteDir, dir))),
    markdown: { mdx1Compat: { ...SITE.mdx1Compat } },
    admonitions: true,
    workers: parseWorkers(),
  };
}

/**
 * Start the early pool if this is the main thread of `docusaurus build`; returns whether it did. A
 * build of another site directory gets a different key, and the config starts its own pool.
 */
function startEarly(argv = process.argv, env = process.env, siteDir = process.cwd()) {
  if (!isMainThread || globalThis[EARLY] || argv[2] !== 'build') return false;
  if (!flag(env.DOCS_MDX_WORKERS, true)) return false;
  const options = earlyOptions(siteDir);
  if (options.files.length === 0) return false;
  globalThis[EARLY] = { key: poolKey(options), ...startWorkers(options) };
  return true;
}

/**
 * The early pool's parts when `key` matches (they are handed over once); otherwise its workers are
 * stopped and nothing is returned.
 */
function adoptEarly(key) {
  const early = globalThis[EARLY];
  if (!early) return null;
  globalThis[EARLY] = null;
  if (early.key === key) return early;
  for (const worker of early.workers) void worker.terminate();
  for (const port of early.ports) port.close();
  return null;
}

startEarly();

module.exports = { SITE, EARLY, startEarly, adoptEarly, earlyOptions };
