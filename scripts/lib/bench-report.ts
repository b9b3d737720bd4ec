/**
 * What the bench scripts share (scripts/bench.ts, bench-search.ts, bench-kept-article.ts): the command
 * line, Chromium, medians and Markdown tables; and the figures of `npm run bench`, one run or two side
 * by side.
 */
import { readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { JS_BUDGET_FAIL_KB, KB } from './bench-js';
import { CPU_SLOWDOWN, FIRST_CLICK_TARGET_MS } from './bench-first-click';

/** The value after `--name` on the command line, or `fallback`; without one, `--name` is required. */
export function option(name: string, fallback?: string): string {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required (see --help)`);
  return value;
}

export const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/** With --help, print the usage of a script (its header comment) and exit. */
export function helpOnRequest(file: string): void {
  if (!flag('help') && !process.argv.includes('-h')) return;
  console.log(readFileSync(file, 'utf8').split('*/')[0]?.replace(/^\/\*\*|^ \* ?/gm, ''));
  process.exit(0);
}

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

export function launchChromium(extraArgs: readonly string[] = [], executablePath = CHROMIUM): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** The `p`th percentile (nearest rank); `median` is the 50th. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export const median = (values: readonly number[]): number => percentile(values, 50);
/** `median (min–max)` of whole numbers. */
export const spread = (values: readonly number[]): string =>
  values.length ? `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})` : '—';

export const tableRow = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

/** A Markdown table; with no body, its head, for rows printed as they are measured. */
export function table(header: readonly string[], body: readonly (readonly string[])[]): string {
  return [tableRow(header), tableRow(header.map(() => '---')), ...body.map(tableRow)].join('\n');
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export interface PageFigures {
  page: string;
  /** Gzip bytes of the JavaScript run before the first input. */
  jsBeforeInputGzip: number;
  /** Gzip bytes of the page's own JavaScript run after the first input (the search worker aside). */
  ownGzip: number;
  /** The same with the search worker. */
  jsGzip: number;
  scripts: number;
  lighthouse: LighthouseScores | null;
}

/** The figures of one configuration of the site (default, metrica). */
export interface ConfigurationFigures {
  name: string;
  pages: PageFigures[];
  /** The page of the first click. */
  firstClickPage: string;
  /** Cold doc page, 4× CPU: press on the search button → a focused search input (the shell's), ms (each run). */
  firstClickMs: number[];
  /** The same press → DocSearch's dialog has taken over, ms (each run). */
  dialogMs: number[];
}

export interface BenchResult {
  label: string;
  date: string;
  host: { cpus: number; node: string };
  /** The clean build, when the bench made one. */
  build: { pages: number; seconds: number } | null;
  configurations: ConfigurationFigures[];
}

const kb = (bytes: number): string => (bytes / KB).toFixed(1);

/** Rows `[metric, value]` of one configuration, in a fixed order (the comparison lines rows up by metric). */
export function configurationRows(figures: ConfigurationFigures): [string, string][] {
  const { name } = figures;
  const list: [string, string][] = [];
  for (const page of figures.pages) {
    const over = page.ownGzip > JS_BUDGET_FAIL_KB * KB ? ` (over ${JS_BUDGET_FAIL_KB} KB)` : '';
    list.push([`JS до первого ввода, KB gzip: ${page.page} (${name})`, kb(page.jsBeforeInputGzip)]);
    list.push([`JS после первого ввода, KB gzip, свой / с воркером поиска: ${page.page} (${name})`, `${kb(page.ownGzip)} / ${kb(page.jsGzip)}${over}`]);
    const lh = page.lighthouse;
    if (lh) {
      list.push([
        `Lighthouse (моб.) ${page.page} (${name}): производительность / доступность / практики / SEO`,
        `${lh.performance} / ${lh.accessibility} / ${lh.bestPractices} / ${lh.seo}`,
      ]);
    }
  }
  list.push([`Первый щелчок по поиску → поле ввода, ${CPU_SLOWDOWN}× ЦП, мс (цель ${FIRST_CLICK_TARGET_MS}): ${figures.firstClickPage} (${name})`, spread(figures.firstClickMs)]);
  list.push([`Первый щелчок по поиску → диалог DocSearch, ${CPU_SLOWDOWN}× ЦП, мс: ${figures.firstClickPage} (${name})`, spread(figures.dialogMs)]);
  return list;
}

function rows(result: BenchResult): [string, string][] {
  const build: [string, string][] = result.build ? [['Сборка с нуля: страниц / с', `${result.build.pages} / ${result.build.seconds.toFixed(1)}`]] : [];
  return [...build, ...result.configurations.flatMap(configurationRows)];
}

/** Markdown table of one run. */
export function toMarkdown(result: BenchResult): string {
  return `${table(['Показатель', result.label], rows(result))}\n`;
}

/** Markdown table of two runs side by side. */
export function compareMarkdown(before: BenchResult, after: BenchResult): string {
  const left = new Map(rows(before));
  const right = new Map(rows(after));
  const metrics = Array.from(new Set([...left.keys(), ...right.keys()]));
  const body = metrics.map((metric) => [metric, left.get(metric) ?? '—', right.get(metric) ?? '—']);
  return `${table(['Показатель', before.label, after.label], body)}\n`;
}
