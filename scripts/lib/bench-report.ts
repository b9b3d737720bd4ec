/**
 * Figures of `npm run bench`: the result shape, the parser of GNU time's verbose output, and the
 * Markdown table of one run or of two runs side by side.
 */

export interface BuildFigures {
  /** Wall-clock time of the clean production build (s). */
  wallSeconds: number;
  /** User + system CPU time of the build and its children (s); null when GNU time is unavailable. */
  cpuSeconds: number | null;
  /** Peak resident memory of the build (MB); null when GNU time is unavailable. */
  peakMemoryMb: number | null;
  /** Pages written (index.html files, redirect pages excluded). */
  pages: number;
  /** Wall time per page (ms). */
  msPerPage: number;
  /** CPUs the build was allowed to use. */
  cpus: number;
  /**
   * The machine's speed right before and right after the build: the median time of a fixed task
   * (scripts/lib/bench-calibrate.ts, ms). Absent in runs made before it was measured.
   */
  referenceMs?: { before: number; after: number };
}

export interface PageFigures {
  page: string;
  /** Gzip bytes of JavaScript executed to become interactive (after the first input). */
  jsGzip: number;
  /** Gzip bytes of JavaScript executed before the first input (absent in runs made before it was measured). */
  jsBeforeInputGzip?: number;
  jsRaw: number;
  scripts: number;
  lighthouse: LighthouseScores | null;
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** The first interaction and Lighthouse of one configuration of the site (default, metrica). */
export interface ConfigurationFigures {
  name: string;
  /** Cold doc page, 4× CPU: press on the search button → a focused search input (the shell's), ms (each run). */
  firstClickMs: number[];
  /** The same press → DocSearch's dialog has taken over, ms (each run; absent in runs before the shell). */
  dialogMs?: number[];
  /** Lighthouse mobile of the doc pages. */
  lighthouse: { page: string; scores: LighthouseScores | null }[];
}

/**
 * The figures the issue (23) gives for the code before this bench measured them: first click on a
 * cold page 1.2–2.1 s (0.26–0.53 s on a page hydrated at load), Lighthouse performance of doc pages
 * 99 in the default build and 88–92 with the counter (every page hydrated at load).
 */
export const REFERENCE = {
  default: { firstClick: '1.2–2.1 s', performance: '99' },
  metrica: { firstClick: '0.26–0.53 s', performance: '88–92' },
} as const;

export interface BenchResult {
  label: string;
  date: string;
  host: { cpus: number; node: string };
  build: BuildFigures | null;
  pages: PageFigures[];
  configurations?: ConfigurationFigures[];
}

/** Parse the report of `/usr/bin/time -v` (GNU time). */
export function parseGnuTime(text: string): { wallSeconds: number; cpuSeconds: number; peakMemoryMb: number } | null {
  const user = /User time \(seconds\):\s*([\d.]+)/.exec(text);
  const system = /System time \(seconds\):\s*([\d.]+)/.exec(text);
  const rss = /Maximum resident set size \(kbytes\):\s*(\d+)/.exec(text);
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\):\s*([\d:.]+)/.exec(text);
  if (!user || !system || !rss || !wall) return null;
  const parts = (wall[1] ?? '0').split(':').map(Number);
  const wallSeconds = parts.reduce((total, part) => total * 60 + part, 0);
  return {
    wallSeconds,
    cpuSeconds: Number(user[1]) + Number(system[1]),
    peakMemoryMb: Math.round(Number(rss[1]) / 1024),
  };
}

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
const num = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined ? '—' : value.toFixed(digits);
const score = (value: number | undefined): string => (value === undefined ? '—' : String(Math.round(value)));

/** Rows `[metric, value]` of one run, in a fixed order (the comparison lines rows up by metric). */
export function rows(result: BenchResult): [string, string][] {
  const list: [string, string][] = [];
  const build = result.build;
  if (build) {
    list.push(['Сборка: страниц', String(build.pages)]);
    list.push(['Сборка: время, с', num(build.wallSeconds)]);
    list.push(['Сборка: мс на страницу', num(build.msPerPage, 0)]);
    list.push(['Сборка: процессорное время, с', num(build.cpuSeconds)]);
    list.push(['Сборка: пик памяти, МБ', num(build.peakMemoryMb, 0)]);
    list.push(['Сборка: ядер', String(build.cpus)]);
    list.push([
      'Машина: эталонная задача до / после сборки, мс',
      build.referenceMs ? `${num(build.referenceMs.before, 0)} / ${num(build.referenceMs.after, 0)}` : '—',
    ]);
  }
  for (const page of result.pages) {
    list.push([`JS до первого ввода (gzip): ${page.page}`, page.jsBeforeInputGzip === undefined ? '—' : kb(page.jsBeforeInputGzip)]);
  }
  for (const page of result.pages) {
    list.push([`JS после первого ввода (gzip): ${page.page}`, kb(page.jsGzip)]);
  }
  for (const page of result.pages) {
    const lh = page.lighthouse;
    if (!lh) continue;
    list.push([
      `Lighthouse (моб.) ${page.page}: производительность / доступность / практики / SEO`,
      `${score(lh.performance)} / ${score(lh.accessibility)} / ${score(lh.bestPractices)} / ${score(lh.seo)}`,
    ]);
  }
  for (const configuration of result.configurations ?? []) {
    const runs = configuration.firstClickMs.map((ms) => (ms / 1000).toFixed(2)).join(', ');
    list.push([`Первый щелчок по поиску → поле ввода, 4× ЦП, с (${configuration.name})`, runs || '—']);
    if (configuration.dialogMs) {
      const dialog = configuration.dialogMs.map((ms) => (ms / 1000).toFixed(2)).join(', ');
      list.push([`Первый щелчок по поиску → диалог DocSearch, 4× ЦП, с (${configuration.name})`, dialog || '—']);
    }
    for (const { page, scores } of configuration.lighthouse) {
      if (!scores) continue;
      list.push([
        `Lighthouse (моб.) ${page} (${configuration.name}): производительность / доступность / практики / SEO`,
        `${score(scores.performance)} / ${score(scores.accessibility)} / ${score(scores.bestPractices)} / ${score(scores.seo)}`,
      ]);
    }
  }
  return list;
}

function table(header: string[], body: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
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
