/**
 * npm run bench — what a reader of the site feels, in both shipped configurations (default, and the
 * analytics counter on), written to bench-results/<label>.json and .md:
 *   - per bench page (BENCH_PAGES, scripts/lib/bench-pages.ts): the gzip JavaScript it runs before the
 *     first input and after it, its own and with the search worker (scripts/lib/bench-js.ts), and its
 *     Lighthouse mobile scores;
 *   - the first click on the search button of a cold doc page at 4× CPU, three runs
 *     (scripts/lib/bench-first-click.ts, target 1.0 s).
 *
 *   npm run bench                       clean build of a private copy of the sources (timed), and its
 *                                       counter build (YANDEX_METRICA_ID, not timed), then measure both
 *   npm run bench -- --build-dir build  measure an existing build; the counter build from --metrica-dir
 *                                       (default build-variants/metrica, when it exists)
 *   npm run bench -- --no-lighthouse    skip Lighthouse
 *   npm run bench -- --label faster     name of the run (default: the date); --out DIR (default bench-results)
 *   npm run bench -- --compare a.json b.json   print two runs side by side
 *
 * Budgets are enforced on bytes by tests/budget/budget.test.ts; this script only prints figures.
 */
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serveStatic } from './lib/static-server';
import { BENCH_PAGES, builtPages } from './lib/bench-pages';
import { measureFirstClick } from './lib/bench-first-click';
import { VARIANTS } from './build-variant';
import { measurePageScripts } from './lib/bench-js';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  compareMarkdown,
  configurationRows,
  flag,
  helpOnRequest,
  launchChromium,
  option,
  toMarkdown,
  type BenchResult,
  type ConfigurationFigures,
  type LighthouseScores,
} from './lib/bench-report';

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SELF), '..');
const METRICA = VARIANTS.metrica!;
/** The doc page of the first click. */
const FIRST_CLICK_PAGE = '/docs/guide/signals/';
const FIRST_CLICK_RUNS = 3;

/** A copy of the project's sources in a temporary directory, sharing node_modules and the Git history. */
function copySite(): string {
  const site = mkdtempSync(join(tmpdir(), 'monq-bench-'));
  const skip = new Set(['node_modules', 'build', 'build-variants', '.docusaurus', '.git', 'bench-results']);
  cpSync(ROOT, site, { recursive: true, filter: (src) => !skip.has(src.slice(ROOT.length + 1).split('/')[0] ?? '') });
  symlinkSync(join(ROOT, 'node_modules'), join(site, 'node_modules'));
  // The docs show each page's last update date, read from the Git history: the copy shares it.
  if (existsSync(join(ROOT, '.git'))) symlinkSync(join(ROOT, '.git'), join(site, '.git'));
  return site;
}

/** `npm run build` in `site` into `outDir`; the seconds it took. */
function build(site: string, outDir: string, env: Record<string, string> = {}): number {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', 'build', '--', '--out-dir', outDir], {
    cwd: site,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) throw new Error(`The build into ${outDir} failed: ${run.stderr.slice(-4000)}`);
  return (performance.now() - started) / 1000;
}

/** Lighthouse (mobile, default throttling) of one URL, categories as 0-100; the audits below 1 are printed. */
async function lighthouse(url: string): Promise<LighthouseScores | null> {
  const cli = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const flags = ['--quiet', '--output=json', '--only-categories=performance,accessibility,best-practices,seo'];
  // Asynchronous: the static server runs in this process.
  const run = await promisify(execFile)(process.execPath, [cli, url, ...flags, `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`], {
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: { stderr?: string }) => {
    console.error(`Lighthouse failed on ${url}: ${error.stderr?.slice(-2000) ?? String(error)}`);
    return null;
  });
  if (!run) return null;
  const report = JSON.parse(run.stdout) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { score: number | null; scoreDisplayMode: string }>;
  };
  const pct = (id: string): number => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing = Object.entries(report.audits)
    .filter(([, audit]) => audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
    .map(([id]) => id);
  if (failing.length > 0) console.log(`  ${url}: audits below 1: ${failing.join(', ')}`);
  return { performance: pct('performance'), accessibility: pct('accessibility'), bestPractices: pct('best-practices'), seo: pct('seo') };
}

/** JavaScript of the bench pages, the first click (cold loads) and Lighthouse of one build. */
async function measureConfiguration(name: string, buildDir: string): Promise<ConfigurationFigures> {
  console.log(`Measuring the ${name} build (${buildDir})...`);
  const server = await serveStatic(buildDir);
  const browser = await launchChromium(['--disable-background-networking']);
  const figures: ConfigurationFigures = { name, pages: [], firstClickPage: FIRST_CLICK_PAGE, firstClickMs: [], dialogMs: [] };
  try {
    for (const page of BENCH_PAGES) {
      const weight = await measurePageScripts(browser, server.url, buildDir, page);
      figures.pages.push({
        page,
        jsBeforeInputGzip: weight.beforeInput.gzip,
        ownGzip: weight.ownGzip,
        jsGzip: weight.gzip,
        scripts: weight.scripts.length,
        lighthouse: null,
      });
    }
    for (let run = 0; run < FIRST_CLICK_RUNS; run += 1) {
      const click = await measureFirstClick(browser, server.url, FIRST_CLICK_PAGE);
      figures.firstClickMs.push(click.inputMs);
      figures.dialogMs.push(click.dialogMs);
    }
    await browser.close();
    if (!flag('no-lighthouse')) for (const entry of figures.pages) entry.lighthouse = await lighthouse(server.url + entry.page);
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
  for (const [metric, value] of configurationRows(figures)) console.log(`  ${metric}: ${value}`);
  return figures;
}

async function main(): Promise<void> {
  helpOnRequest(SELF);
  const compare = process.argv.indexOf('--compare');
  if (compare >= 0) {
    const [a, b] = [1, 2].map((at) => JSON.parse(readFileSync(process.argv[compare + at] ?? '', 'utf8')) as BenchResult);
    console.log(compareMarkdown(a!, b!));
    return;
  }
  const label = option('label', new Date().toISOString().slice(0, 16).replace(':', '-'));
  const outDir = resolve(option('out', join(ROOT, 'bench-results')));
  const given = process.argv.includes('--build-dir') ? resolve(option('build-dir')) : null;
  let metricaDir = process.argv.includes('--metrica-dir') ? resolve(option('metrica-dir')) : join(ROOT, METRICA.outDir);
  let buildDir = given;
  let site: string | null = null;
  let figures: BenchResult['build'] = null;
  try {
    if (!given) {
      site = copySite();
      buildDir = join(site, 'build');
      console.log(`Clean build of ${site}...`);
      const seconds = build(site, buildDir);
      figures = { pages: builtPages(buildDir).length, seconds };
      console.log(`Build: ${figures.pages} pages in ${seconds.toFixed(1)} s on ${availableParallelism()} CPUs`);
      console.log('Build with YANDEX_METRICA_ID (not timed)...');
      metricaDir = join(site, 'build-metrica');
      build(site, metricaDir, METRICA.env);
    }
    const result: BenchResult = {
      label,
      date: new Date().toISOString(),
      host: { cpus: availableParallelism(), node: process.version },
      build: figures,
      configurations: [await measureConfiguration('default', buildDir!)],
    };
    if (existsSync(metricaDir)) result.configurations.push(await measureConfiguration('metrica', metricaDir));
    else console.log(`No counter build at ${metricaDir} (npx tsx scripts/build-variant.ts metrica): measured the default one only`);
    mkdirSync(outDir, { recursive: true });
    const base = join(outDir, label);
    writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(`${base}.md`, toMarkdown(result));
    console.log(`\n${toMarkdown(result)}\nWritten: ${base}.json, ${base}.md`);
  } finally {
    if (site) rmSync(site, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
