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
 *
 * It runs `npm run build` in the current site directory: do not run it at the same time as another
 * build of the same directory (they share `.docusaurus/`).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Counter id of the test build: a number, as config/env.ts demands, that belongs to no real counter. */
export const DUMMY_METRICA_ID = '10000001';

export interface Variant {
  description: string;
  env: Record<string, string>;
  outDir: string;
}

export const VARIANTS: Record<string, Variant> = {
  metrica: {
    description: 'YANDEX_METRICA_ID set to a dummy counter id',
    // A pull-request preview would switch analytics off: make sure it is not one.
    env: { YANDEX_METRICA_ID: DUMMY_METRICA_ID, DOCS_PR_PREVIEW: 'false' },
    outDir: 'build-variants/metrica',
  },
  hosted: {
    description: 'hosted search (DocSearch) with dummy settings; the tests answer the service requests',
    env: { DOCSEARCH_APP_ID: 'TESTAPP', DOCSEARCH_API_KEY: 'dummy-search-key', DOCSEARCH_INDEX_NAME: 'monq-test' },
    outDir: 'build-variants/hosted',
  },
};

function usage(): string {
  const names = Object.entries(VARIANTS)
    .map(([name, variant]) => `  ${name.padEnd(10)}${variant.description} -> ${variant.outDir}`)
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
  const result = spawnSync('npm', ['run', '--silent', 'build', '--', '--out-dir', outDir], {
    stdio: 'inherit',
    env: { ...process.env, ...variant.env },
  });
  return result.status ?? 1;
}

if (require.main === module) {
  process.exit(main(process.argv.slice(2)));
}
