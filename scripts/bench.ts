/**
 * npm run bench — performance figures of the site, written to bench-results/<label>.json and .md.
 *
 *   npm run bench                       clean build of a private copy (2 CPUs), JS weights, Lighthouse
 *   npm run bench -- --build-dir build  measure an existing build (no build figures)
 *   npm run bench -- --no-lighthouse    skip Lighthouse
 *   npm run bench -- --label faster     name of the run (default: the date)
 *   npm run bench -- --compare a.json b.json   print two runs side by side
 *   npm run bench -- --metrica-dir DIR  the build with YANDEX_METRICA_ID to measure (default: built in
 *                                       the copy after the timed build; with --build-dir,
 *                                       build-variants/metrica if it exists)
 *
 * Both configurations (default, counter on) get the first-click time (a cold doc page at 4× CPU, the
 * search button clicked first: scripts/lib/bench-first-click.ts, target 1.0 s) and Lighthouse on the
 * doc pages, printed next to the figures the issue gives for the code before (REFERENCE).
 *
 * A clean build starts at least 35 s after the previous run deleted its copy of the site
 * (scripts/lib/bench-settle.ts): the bench waits for the rest of that time.
 *
 * Budgets are enforced on bytes by tests/budget/budget.test.ts; this script only prints figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from './lib/static-server';
import { measureReference } from './lib/bench-calibrate';
import { readDeletedAt, recordDeletion, settleWaitMs } from './lib/bench-settle';
import { BENCH_PAGES, builtPages } from './lib/bench-pages';
import { FIRST_CLICK_TARGET_MS, measureFirstClick } from './lib/bench-first-click';
import { DUMMY_METRICA_ID, VARIANTS } from './build-variant';
import { JS_BUDGET_FAIL_KB, JS_BUDGET_TARGET_KB, KB, measurePageScripts, ownScripts } from './lib/bench-js';
import {
  compareMarkdown,
  parseGnuTime,
  toMarkdown,
  type BenchResult,
  REFERENCE,
  type BuildFigures,
  type ConfigurationFigures,
  type LighthouseScores,
  type PageFigures,
} from './lib/bench-report';

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SELF), '..');
const CHROMIUM = '/usr/bin/chromium';
const BUILD_CPUS = 2;

interface Args {
  buildDir: string | null;
  lighthouse: boolean;
  label: string;
  outDir: string;
  compare: [string, string] | null;
  metricaDir: string | null;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    buildDir: null,
    lighthouse: true,
    label: new Date().toISOString().slice(0, 16).replace(':', '-'),
    outDir: join(ROOT, 'bench-results'),
    compare: null,
    metricaDir: null,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(readFileSync(SELF, 'utf8').split('*/')[0]?.replace(/^\/\*\*|^ \* ?/gm, ''));
      process.exit(0);
    } else if (arg === '--build-dir') args.buildDir = resolve(argv[++i] ?? 'build');
    else if (arg === '--no-lighthouse') args.lighthouse = false;
    else if (arg === '--label') args.label = argv[++i] ?? args.label;
    else if (arg === '--out') args.outDir = resolve(argv[++i] ?? args.outDir);
    else if (arg === '--compare') args.compare = [argv[++i] ?? '', argv[++i] ?? ''];
    else if (arg === '--metrica-dir') args.metricaDir = resolve(argv[++i] ?? '');
    else throw new Error(`Unknown argument ${arg} (see --help)`);
  }
  return args;
}

/** Copy the project (sources only) to a temporary directory and build it from clean on 2 CPUs. */
function cleanBuild(): { figures: BuildFigures; buildDir: string } {
  const site = mkdtempSync(join(tmpdir(), 'monq-bench-'));
  const skip = new Set(['node_modules', 'build', '.docusaurus', '.git', 'bench-results']);
  cpSync(ROOT, site, { recursive: true, filter: (src) => !skip.has(src.slice(ROOT.length + 1).split('/')[0] ?? '') });
  symlinkSync(join(ROOT, 'node_modules'), join(site, 'node_modules'));
  // The docs show each page's last update date, read from the Git history: the copy shares it.
  if (existsSync(join(ROOT, '.git'))) symlinkSync(join(ROOT, '.git'), join(site, '.git'));
  // The site's build command as package.json has it (Node flags included), run the way npm runs it:
  // a shell in the copy, with the project's binaries on the PATH (npm's own start-up is not timed).
  const buildScript = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.build;
  if (!buildScript) throw new Error('package.json has no build script');
  const cpus = Math.min(BUILD_CPUS, availableParallelism());
  const hasTime = existsSync('/usr/bin/time');
  const hasTaskset = existsSync('/usr/bin/taskset') && availableParallelism() > cpus;
  const command = [
    ...(hasTime ? ['/usr/bin/time', '-v'] : []),
    ...(hasTaskset ? ['/usr/bin/taskset', '-c', `0-${cpus - 1}`] : []),
    '/bin/sh',
    '-c',
    buildScript,
  ];
  console.log(`Clean build of ${site} on ${cpus} CPUs...`);
  const referenceBefore = measureReference();
  const started = process.hrtime.bigint();
  const run = spawnSync(command[0] as string, command.slice(1), {
    cwd: site,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production', PATH: `${join(site, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` },
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const referenceAfter = measureReference();
  if (run.status !== 0) {
    console.error(run.stdout.slice(-4000), run.stderr.slice(-4000));
    rmSync(site, { recursive: true, force: true });
    recordDeletion(tmpdir(), Date.now());
    throw new Error(`docusaurus build failed with status ${run.status}`);
  }
  const time = hasTime ? parseGnuTime(run.stderr) : null;
  const buildDir = join(site, 'build');
  const pages = builtPages(buildDir).length;
  const wallSeconds = time?.wallSeconds ?? wall;
  return {
    buildDir,
    figures: {
      wallSeconds,
      cpuSeconds: time?.cpuSeconds ?? null,
      peakMemoryMb: time?.peakMemoryMb ?? null,
      pages,
      msPerPage: (wallSeconds * 1000) / Math.max(pages, 1),
      cpus,
      referenceMs: { before: referenceBefore, after: referenceAfter },
    },
  };
}

/** The build with the counter on, in the bench's copy after the timed build (not timed). */
function metricaBuild(site: string): string | null {
  const out = join(site, 'build-metrica');
  console.log('Build with YANDEX_METRICA_ID (not timed)...');
  const run = spawnSync('npm', ['run', '--silent', 'build', '--', '--out-dir', out], {
    cwd: site,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...VARIANTS.metrica!.env, YANDEX_METRICA_ID: DUMMY_METRICA_ID },
  });
  if (run.status !== 0) {
    console.error(`The metrica build failed: ${run.stderr.slice(-2000)}`);
    return null;
  }
  return out;
}

/** The doc pages of the bench: where the first click and both configurations are measured. */
const DOC_PAGES = BENCH_PAGES.filter((page) => /^\/(docs|upgrade)\//.test(page));
const FIRST_CLICK_RUNS = 3;

/** First click (three cold loads) and Lighthouse on the doc pages of one build. */
async function measureConfiguration(name: string, buildDir: string, withLighthouse: boolean): Promise<ConfigurationFigures> {
  const server = await serveStatic(buildDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const dialogMs: number[] = [];
  const figures: ConfigurationFigures = { name, firstClickMs: [], dialogMs, lighthouse: [] };
  try {
    const page = DOC_PAGES[0]!;
    for (let run = 0; run < FIRST_CLICK_RUNS; run += 1) {
      const click = await measureFirstClick(browser, server.url, page);
      figures.firstClickMs.push(click.inputMs);
      dialogMs.push(click.dialogMs);
    }
    const reference = REFERENCE[name as keyof typeof REFERENCE];
    const list = (values: number[]): string => values.map((ms) => `${ms} ms`).join(', ');
    console.log(
      `First click ${name} ${page}: input focused ${list(figures.firstClickMs)} (target ${FIRST_CLICK_TARGET_MS} ms; before: ${reference?.firstClick ?? '—'}); DocSearch dialog ${list(dialogMs)}`,
    );
    await browser.close();
    if (withLighthouse) {
      for (const doc of DOC_PAGES) {
        const scores = await lighthouse(server.url + doc);
        figures.lighthouse.push({ page: doc, scores });
        if (scores) {
          console.log(
            `Lighthouse ${name} ${doc}: performance ${scores.performance} (before: ${reference?.performance ?? '—'}), accessibility ${scores.accessibility}, best practices ${scores.bestPractices}, SEO ${scores.seo}`,
          );
        }
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
  return figures;
}

/** Run a command without blocking the event loop (the static server runs in this process). */
function runAsync(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

/** Lighthouse (mobile, default throttling) of one URL, categories as 0-100. */
async function lighthouse(url: string): Promise<LighthouseScores | null> {
  const cli = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const run = await runAsync(
    process.execPath,
    [
      cli,
      url,
      '--quiet',
      '--output=json',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    ],
    { ...process.env, CHROME_PATH: CHROMIUM },
  );
  if (run.status !== 0) {
    console.error(`Lighthouse failed on ${url}: ${run.stderr.slice(-2000)}`);
    return null;
  }
  const report = JSON.parse(run.stdout) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
  };
  const pct = (id: string): number => Math.round((report.categories[id]?.score ?? 0) * 100);
  const failing = Object.entries(report.audits)
    .filter(([, audit]) => audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
    .map(([id]) => id);
  if (failing.length > 0) console.log(`  ${url}: audits below 1: ${failing.join(', ')}`);
  return {
    performance: pct('performance'),
    accessibility: pct('accessibility'),
    bestPractices: pct('best-practices'),
    seo: pct('seo'),
  };
}

async function measure(args: Args, buildDir: string): Promise<PageFigures[]> {
  const server = await serveStatic(buildDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const figures: PageFigures[] = [];
  try {
    for (const page of BENCH_PAGES) {
      const weight = await measurePageScripts(browser, server.url, buildDir, page);
      const ownGzip = ownScripts(weight.scripts).reduce((sum, script) => sum + script.gzip, 0);
      const mark = ownGzip > JS_BUDGET_FAIL_KB * KB ? ' (over the gate)' : ownGzip > JS_BUDGET_TARGET_KB * KB ? ' (over the target)' : '';
      console.log(`JS before the first input ${page}: ${(weight.beforeInput.gzip / KB).toFixed(1)} KB gzip, ${weight.beforeInput.scripts.length} scripts`);
      console.log(
        `JS after the first input ${page}: ${(weight.gzip / KB).toFixed(1)} KB gzip with the worker, ${(ownGzip / KB).toFixed(1)} KB the page's own, ${weight.scripts.length} scripts${mark}`,
      );
      for (const script of weight.scripts) console.log(`    ${script.path} ${(script.gzip / KB).toFixed(1)} KB`);
      figures.push({
        page,
        jsGzip: weight.gzip,
        jsBeforeInputGzip: weight.beforeInput.gzip,
        jsRaw: weight.raw,
        scripts: weight.scripts.length,
        lighthouse: null,
      });
    }
    await browser.close();
    if (args.lighthouse) {
      for (const entry of figures) {
        entry.lighthouse = await lighthouse(server.url + entry.page);
        const lh = entry.lighthouse;
        if (lh) {
          console.log(
            `Lighthouse ${entry.page}: performance ${lh.performance}, accessibility ${lh.accessibility}, best practices ${lh.bestPractices}, SEO ${lh.seo}`,
          );
        }
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
  return figures;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.compare) {
    const [a, b] = args.compare.map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchResult);
    console.log(compareMarkdown(a as BenchResult, b as BenchResult));
    return;
  }
  let build: BuildFigures | null = null;
  let buildDir = args.buildDir;
  let cleanup: string | null = null;
  let metricaDir = args.metricaDir;
  if (args.buildDir && !metricaDir && existsSync(join(ROOT, VARIANTS.metrica!.outDir))) metricaDir = join(ROOT, VARIANTS.metrica!.outDir);
  if (!buildDir) {
    const wait = settleWaitMs(readDeletedAt(tmpdir()), Date.now());
    if (wait > 0) {
      console.log(`Waiting ${(wait / 1000).toFixed(0)} s: the previous run deleted its copy of the site just now (see scripts/lib/bench-settle.ts)...`);
      await new Promise((done) => setTimeout(done, wait));
    }
    const clean = cleanBuild();
    build = clean.figures;
    buildDir = clean.buildDir;
    cleanup = resolve(buildDir, '..');
    if (!metricaDir) metricaDir = metricaBuild(cleanup);
    console.log(
      `Build: ${build.pages} pages in ${build.wallSeconds.toFixed(1)} s wall (${build.msPerPage.toFixed(0)} ms/page), ` +
        `CPU ${build.cpuSeconds?.toFixed(1) ?? '?'} s, peak memory ${build.peakMemoryMb ?? '?'} MB, ${build.cpus} CPUs; ` +
        `reference task ${build.referenceMs?.before.toFixed(0) ?? '?'} / ${build.referenceMs?.after.toFixed(0) ?? '?'} ms before / after`,
    );
  }
  try {
    const result: BenchResult = {
      label: args.label,
      date: new Date().toISOString(),
      host: { cpus: availableParallelism(), node: process.version },
      build,
      pages: await measure(args, buildDir),
      configurations: [await measureConfiguration('default', buildDir, args.lighthouse)],
    };
    if (metricaDir) result.configurations!.push(await measureConfiguration('metrica', metricaDir, args.lighthouse));
    mkdirSync(args.outDir, { recursive: true });
    const base = join(args.outDir, args.label);
    writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(`${base}.md`, toMarkdown(result));
    console.log(`\n${toMarkdown(result)}\nWritten: ${base}.json, ${base}.md`);
  } finally {
    if (cleanup) {
      rmSync(cleanup, { recursive: true, force: true });
      recordDeletion(tmpdir(), Date.now());
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
