/**
 * Builds a variant of the site into its own directory, for browser tests that need a build setting the
 * production build does not have. Usage:
 *
 *   tsx scripts/build-variant.ts metrica [--out-dir DIR]
 *
 * Variants:
 *   metrica  YANDEX_METRICA_ID set to a dummy counter id (DUMMY_METRICA_ID), the counter only; output
 *            build-variants/metrica. tests/e2e/reader.test.ts reads it (override with
 *            MONQ_DOCS_METRICA_BUILD_DIR) and answers the counter's tag with a local stub: no request
 *            reaches the network.
 *   hosted   hosted search with dummy DocSearch settings; output build-variants/hosted, read by
 *            tests/e2e/search.test.ts through MONQ_DOCS_HOSTED_BUILD_DIR (the tests answer the requests).
 *   signals  both destinations of the readers' signals: DOCS_SIGNALS=site (the site's own /_signals) and
 *            the dummy counter id; output build-variants/signals, read by tests/e2e/signals.test.ts
 *            through MONQ_DOCS_SIGNALS_BUILD_DIR, served by deploy/nginx, the counter's tag answered by
 *            the stub: each signal must reach both. DOCS_SIGNALS=site alone (no counter) has no build:
 *            tests/unit/signals.test.ts checks that the form and the signals come with the switch.
 *   next-load, webpack, stock, pr-preview
 *            the other switches of the README (see SWITCH_VARIANTS); output build-variants/<name>, read
 *            by tests/e2e/switches.test.ts: a doc page renders, search answers, an image zooms.
 *
 * It runs `npm run build` in the current site directory: do not run it at the same time as another
 * build of the same directory (they share `.docusaurus/`).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LATEST_VERSION } from '../config/site';

/** Counter id of the test build: a number, as config/env.ts demands, that belongs to no real counter. */
export const DUMMY_METRICA_ID = '10000001';

export interface Variant {
  description: string;
  env: Record<string, string>;
  outDir: string;
  /**
   * Needs pages in docs/ (the next version). When docs/ has none, the build copies the latest version
   * there, as `npm run next:seed` does, and removes the copy afterwards.
   */
  seedNext?: boolean;
}

export const VARIANTS: Record<string, Variant> = {
  metrica: {
    description: 'YANDEX_METRICA_ID set to a dummy counter id (the counter only)',
    // A pull-request preview would switch analytics off: make sure it is not one.
    env: { YANDEX_METRICA_ID: DUMMY_METRICA_ID, DOCS_PR_PREVIEW: 'false' },
    outDir: 'build-variants/metrica',
  },
  // Both destinations at once: each signal must reach the counter and the site's log. That the form
  // and the search signals come with the switch alone, without the counter, is the plugin's decision
  // (plugins/analytics), unit-tested in tests/unit/signals.test.ts: no build of its own.
  signals: {
    description: 'DOCS_SIGNALS=site and YANDEX_METRICA_ID set to a dummy counter id (both destinations)',
    // A pull-request preview would switch both off: make sure it is not one.
    env: { DOCS_SIGNALS: 'site', YANDEX_METRICA_ID: DUMMY_METRICA_ID, DOCS_PR_PREVIEW: 'false' },
    outDir: 'build-variants/signals',
  },
  hosted: {
    description: 'hosted search (DocSearch) with dummy settings; the tests answer the service requests',
    env: { DOCSEARCH_APP_ID: 'TESTAPP', DOCSEARCH_API_KEY: 'dummy-search-key', DOCSEARCH_INDEX_NAME: 'monq-test' },
    outDir: 'build-variants/hosted',
  },
  // One build for two switches that touch different things: the next version adds pages and routes
  // (/docs/next/, config/docs.ts), `load` changes only when a page's scripts start (the page template,
  // plugins/perf/ssr-template.ts). Neither reads what the other changes.
  'next-load': {
    description: 'DOCS_PREVIEW_NEXT=true and DOCS_HYDRATION=load',
    env: { DOCS_PREVIEW_NEXT: 'true', DOCS_HYDRATION: 'load' },
    outDir: 'build-variants/next-load',
    seedNext: true,
  },
  // Alone: webpack instead of Rspack changes every bundler step; a failure here must point at it.
  webpack: {
    description: 'DOCS_FASTER=false (webpack instead of Rspack)',
    env: { DOCS_FASTER: 'false' },
    outDir: 'build-variants/webpack',
  },
  // The stock build: react-dom instead of Preact, and every private path with a switch off
  // (config/private-paths.ts). Each is one bundler setting; the site must work with all of them off.
  stock: {
    description: 'DOCS_PREACT=false and DOCS_PRIVATE_OFF=all (react-dom, every switchable private path off)',
    env: { DOCS_PREACT: 'false', DOCS_PRIVATE_OFF: 'all' },
    outDir: 'build-variants/stock',
  },
  // One build for the preview and the cache: a preview must load no counter even with an id set (the
  // page template), and the cache only keeps Rspack's work on disk (node_modules/.cache/rspack), which
  // changes no output.
  'pr-preview': {
    description: 'DOCS_PR_PREVIEW=true with a counter id, and DOCS_BUILD_CACHE=true',
    env: { DOCS_PR_PREVIEW: 'true', YANDEX_METRICA_ID: DUMMY_METRICA_ID, DOCS_BUILD_CACHE: 'true' },
    outDir: 'build-variants/pr-preview',
  },
};

/** The variants of tests/e2e/switches.test.ts, one or two README switches each (hosted search has its own test). */
export const SWITCH_VARIANTS = ['next-load', 'webpack', 'stock', 'pr-preview'] as const;

export const LATEST_SOURCE = `versioned_docs/version-${LATEST_VERSION}`;

/**
 * Copies the latest version into docs/ (the next version) when docs/ holds no page: `npm run next:seed`
 * and the variants with `seedNext`. Returns the names it copied, or null when docs/ has pages already
 * (a writer's pages are used as they are and left alone).
 */
export function seedNext(): string[] | null {
  if (existsSync('docs') && readdirSync('docs').some((name) => !name.startsWith('.'))) return null;
  const copied = readdirSync(LATEST_SOURCE);
  cpSync(LATEST_SOURCE, 'docs', { recursive: true });
  return copied;
}

function usage(): string {
  const names = Object.entries(VARIANTS)
    .map(([name, variant]) => `  ${name.padEnd(12)}${variant.description} -> ${variant.outDir}`)
    .join('\n');
  return `Usage: tsx scripts/build-variant.ts <variant> [--out-dir DIR]\n\nVariants:\n${names}\n`;
}

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'out-dir': { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  const name = positionals[0];
  const variant = name ? VARIANTS[name] : undefined;
  if (values.help || !variant) {
    (values.help ? process.stdout : process.stderr).write(usage());
    return values.help ? 0 : 2;
  }
  const outDir = resolve(values['out-dir'] ?? variant.outDir);
  process.stdout.write(`Building variant "${name}" (${variant.description}) into ${outDir}\n`);
  const seeded = variant.seedNext ? seedNext() : null;
  if (seeded) process.stdout.write(`docs/ seeded from ${LATEST_SOURCE} for this build\n`);
  try {
    // The site's own build command (package.json `build`), so a variant builds with the same Node flags.
    const result = spawnSync('npm', ['run', '--silent', 'build', '--', '--out-dir', outDir], {
      stdio: 'inherit',
      env: { ...process.env, ...variant.env },
    });
    return result.status ?? 1;
  } finally {
    for (const copied of seeded ?? []) rmSync(join('docs', copied), { recursive: true, force: true });
  }
}

if (require.main === module) {
  process.exit(main(process.argv.slice(2)));
}
