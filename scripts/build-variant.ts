/**
 * Builds a variant of the site into its own directory, for browser tests that need a build setting the
 * production build does not have. Usage:
 *
 *   tsx scripts/build-variant.ts metrica [--out-dir DIR]
 *
 * Variants:
 *   metrica  YANDEX_METRICA_ID set to a dummy counter id (DUMMY_METRICA_ID); output build-variants/metrica.
 *            tests/e2e/reader.test.ts reads it (override with MONQ_DOCS_METRICA_BUILD_DIR) and answers the
 *            counter's tag with a local stub: no request reaches the network.
 *   hosted   hosted search with dummy DocSearch settings; output build-variants/hosted, read by
 *            tests/e2e/search.test.ts through MONQ_DOCS_HOSTED_BUILD_DIR (the tests answer the requests).
 *   signals  DOCS_SIGNALS=site (signals to the site's own /_signals); output build-variants/signals, read by
 *            tests/e2e/signals.test.ts through MONQ_DOCS_SIGNALS_BUILD_DIR, served by deploy/nginx.
 *   next-load, webpack, react-dom, pr-preview
 *            the other switches of the README (see SWITCH_VARIANTS); output build-variants/<name>, read
 *            by tests/e2e/switches.test.ts: a doc page renders, search answers, an image zooms.
 *
 * It runs `npm run build` in the current site directory: do not run it at the same time as another
 * build of the same directory (they share `.docusaurus/`).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
    description: 'YANDEX_METRICA_ID set to a dummy counter id',
    // A pull-request preview would switch analytics off: make sure it is not one.
    env: { YANDEX_METRICA_ID: DUMMY_METRICA_ID, DOCS_PR_PREVIEW: 'false' },
    outDir: 'build-variants/metrica',
  },
  // Alone, without the counter: the feedback form and the search signals must come with the switch.
  signals: {
    description: 'DOCS_SIGNALS=site (readers\' signals to the site\'s own /_signals)',
    env: { DOCS_SIGNALS: 'site', DOCS_PR_PREVIEW: 'false' },
    outDir: 'build-variants/signals',
  },
  hosted: {
    description: 'hosted search (DocSearch) with dummy settings; the tests answer the service requests',
    env: { DOCSEARCH_APP_ID: 'TESTAPP', DOCSEARCH_API_KEY: 'dummy-search-key', DOCSEARCH_INDEX_NAME: 'monq-test' },
    outDir: 'build-variants/hosted',
  },
  // One build for three switches that touch different things: the next version adds pages and routes
  // (/docs/next/, config/docs.ts), `load` changes only when a page's scripts start (the page template,
  // plugins/perf/ssr-template.ts), and without the kept article a doc page draws its article from its
  // compiled Markdown (the theme's DocItem/Content, src/lib/article/README.md). None reads what the
  // others change.
  'next-load': {
    description: 'DOCS_PREVIEW_NEXT=true, DOCS_HYDRATION=load and DOCS_KEPT_ARTICLE=false',
    env: { DOCS_PREVIEW_NEXT: 'true', DOCS_HYDRATION: 'load', DOCS_KEPT_ARTICLE: 'false' },
    outDir: 'build-variants/next-load',
    seedNext: true,
  },
  // Alone: webpack instead of Rspack changes every bundler step; a failure here must point at it.
  webpack: {
    description: 'DOCS_FASTER=false (webpack instead of Rspack)',
    env: { DOCS_FASTER: 'false' },
    outDir: 'build-variants/webpack',
  },
  // Alone: react-dom instead of Preact is the browser runtime that hydrates every page.
  'react-dom': {
    description: 'DOCS_PREACT=false (react-dom in the browser instead of Preact)',
    env: { DOCS_PREACT: 'false' },
    outDir: 'build-variants/react-dom',
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
export const SWITCH_VARIANTS = ['next-load', 'webpack', 'react-dom', 'pr-preview'] as const;

/**
 * Seeds docs/ from the latest version when it holds no page (as scripts/seed-next.ts does); returns
 * what undoes it. Pages a writer already has in docs/ are used as they are and left alone.
 */
function seedNextVersion(): () => void {
  const hasPages = existsSync('docs') && readdirSync('docs').some((name) => !name.startsWith('.'));
  if (hasPages) return () => undefined;
  const source = `versioned_docs/version-${LATEST_VERSION}`;
  const copied = readdirSync(source);
  cpSync(source, 'docs', { recursive: true });
  process.stdout.write(`docs/ seeded from ${source} for this build\n`);
  return () => {
    for (const name of copied) rmSync(join('docs', name), { recursive: true, force: true });
  };
}

function usage(): string {
  const names = Object.entries(VARIANTS)
    .map(([name, variant]) => `  ${name.padEnd(12)}${variant.description} -> ${variant.outDir}`)
    .join('\n');
  return `Usage: tsx scripts/build-variant.ts <variant> [--out-dir DIR]\n\nVariants:\n${names}\n`;
}

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage());
    return 0;
  }
  const name = argv[0];
  const variant = name ? VARIANTS[name] : undefined;
  if (!variant) {
    process.stderr.write(usage());
    return 2;
  }
  const outIndex = argv.indexOf('--out-dir');
  const outDir = resolve(outIndex >= 0 && argv[outIndex + 1] ? argv[outIndex + 1]! : variant.outDir);
  process.stdout.write(`Building variant "${name}" (${variant.description}) into ${outDir}\n`);
  // The site's own build command (package.json `build`), so a variant builds with the same Node flags.
  const unseed = variant.seedNext ? seedNextVersion() : () => undefined;
  try {
    const result = spawnSync('npm', ['run', '--silent', 'build', '--', '--out-dir', outDir], {
      stdio: 'inherit',
      env: { ...process.env, ...variant.env },
    });
    return result.status ?? 1;
  } finally {
    unseed();
  }
}

if (require.main === module) {
  process.exit(main(process.argv.slice(2)));
}
