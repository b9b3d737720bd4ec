/**
 * The writers' report of the readers' signals log (deploy/nginx: `/_signals`, one JSON object a
 * line): pure functions, unit-tested (tests/unit/signals-report.test.ts); the command is
 * scripts/signals-report.ts. Every value read from the log is decoded, cleaned by the rule the browser
 * sends with (src/lib/reader/signals.ts: no control, bidi or zero-width characters, cut) and escaped
 * where it is written: the log is written by anyone who can reach the site.
 */
import { GOALS } from '../../src/lib/reader/goals';
import { signalValue, type SignalField } from '../../src/lib/reader/signals';

export interface Signal {
  /** ISO time of the request, as nginx wrote it. */
  time: string;
  /** Monday of the ISO week of `time` (`2026-11-30`), or `?` when the time cannot be read. */
  week: string;
  goal: string;
  version: string;
  page: string;
  answer: string;
  reason: string;
  query: string;
  hits: number | null;
  rank: number | null;
  url: string;
}

/** Decodes a percent-encoded value as nginx logged it; a malformed sequence stays as written. */
export function decodeValue(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw.replace(/%([0-9a-f]{2})/gi, (whole, hex: string) => {
      const code = parseInt(hex, 16);
      return code < 0x80 ? String.fromCharCode(code) : whole;
    });
  }
}

/** Monday of the ISO week of an ISO time (in the time's own offset), `YYYY-MM-DD`. */
export function weekOf(time: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(time);
  if (!match) return '?';
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(day.getTime())) return '?';
  const weekday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - weekday);
  return day.toISOString().slice(0, 10);
}

/** One log line as a signal, or null for a line that is not one (garbage, another format, no goal). */
export function parseLine(line: string): Signal | null {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  const field = (name: SignalField) => {
    const value = record[name];
    return typeof value === 'string' || typeof value === 'number' ? signalValue(name, decodeValue(String(value))) : '';
  };
  const goal = field('goal');
  if (!Object.values(GOALS).includes(goal as (typeof GOALS)[keyof typeof GOALS])) return null;
  const time = typeof record.time === 'string' ? record.time.slice(0, 40) : '';
  return {
    time,
    week: weekOf(time),
    goal,
    version: field('version') || 'site',
    page: field('page'),
    answer: field('answer'),
    reason: field('reason'),
    query: field('query'),
    hits: field('hits') === '' ? null : Number(field('hits')),
    rank: field('rank') === '' ? null : Number(field('rank')),
    url: field('url'),
  };
}

export function parseLog(text: string): Signal[] {
  return text.split('\n').flatMap((line) => (line.trim() ? (parseLine(line) ?? []) : []));
}

export interface QueryRow {
  query: string;
  count: number;
  versions: string[];
}
export interface UnopenedRow {
  query: string;
  searches: number;
  hits: number;
  versions: string[];
}
export interface PageRow {
  page: string;
  no: number;
  yes: number;
  reasons: Record<string, number>;
}
export interface PeriodRow {
  key: string;
  searches: number;
  noResults: number;
  opened: number;
  yes: number;
  no: number;
}
export interface Report {
  total: number;
  first: string;
  last: string;
  noResults: QueryRow[];
  unopened: UnopenedRow[];
  /** Opened hits by rank: `1`…`10`, then `11+`. */
  ranks: { rank: string; count: number }[];
  pages: PageRow[];
  weeks: PeriodRow[];
  versions: PeriodRow[];
}

/** Queries are grouped without regard to case and spaces. */
function queryKey(query: string): string {
  return query.toLowerCase().replace(/\s+/g, ' ').trim();
}

function sorted<T>(rows: T[], by: (row: T) => number, name: (row: T) => string): T[] {
  return rows.sort((a, b) => by(b) - by(a) || name(a).localeCompare(name(b), 'ru'));
}

function period(signals: Signal[], keyOf: (signal: Signal) => string): PeriodRow[] {
  const rows = new Map<string, PeriodRow>();
  for (const signal of signals) {
    const key = keyOf(signal);
    const row = rows.get(key) ?? { key, searches: 0, noResults: 0, opened: 0, yes: 0, no: 0 };
    if (signal.goal === GOALS.search) row.searches++;
    if (signal.goal === GOALS.searchEmpty) {
      row.searches++;
      row.noResults++;
    }
    if (signal.goal === GOALS.hitOpen) row.opened++;
    if (signal.goal === GOALS.feedback && signal.answer === 'yes') row.yes++;
    if (signal.goal === GOALS.feedback && signal.answer === 'no') row.no++;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The report of some signals (all of them, or those of one docs version). */
export function buildReport(signals: Signal[]): Report {
  const times = signals.map((signal) => signal.time).filter(Boolean).sort();
  const empty = new Map<string, QueryRow>();
  const searched = new Map<string, UnopenedRow>();
  const opened = new Set<string>();
  const ranks = new Map<string, number>();
  const pages = new Map<string, PageRow>();
  const addVersion = (row: { versions: string[] }, version: string) => {
    if (!row.versions.includes(version)) row.versions.push(version);
  };
  for (const signal of signals) {
    const key = queryKey(signal.query);
    if (signal.goal === GOALS.searchEmpty && key) {
      const row = empty.get(key) ?? { query: signal.query, count: 0, versions: [] };
      row.count++;
      addVersion(row, signal.version);
      empty.set(key, row);
    }
    if (signal.goal === GOALS.search && key) {
      const row = searched.get(key) ?? { query: signal.query, searches: 0, hits: 0, versions: [] };
      row.searches++;
      row.hits = Math.max(row.hits, signal.hits ?? 0);
      addVersion(row, signal.version);
      searched.set(key, row);
    }
    if (signal.goal === GOALS.hitOpen) {
      if (key) opened.add(key);
      if (signal.rank !== null && signal.rank > 0) {
        const rank = signal.rank > 10 ? '11+' : String(signal.rank);
        ranks.set(rank, (ranks.get(rank) ?? 0) + 1);
      }
    }
    if (signal.goal === GOALS.feedback && signal.page && (signal.answer === 'yes' || signal.answer === 'no')) {
      const row = pages.get(signal.page) ?? { page: signal.page, no: 0, yes: 0, reasons: {} };
      if (signal.answer === 'yes') row.yes++;
      else {
        row.no++;
        const reason = signal.reason || 'none';
        row.reasons[reason] = (row.reasons[reason] ?? 0) + 1;
      }
      pages.set(signal.page, row);
    }
  }
  const rankOrder = [...Array.from({ length: 10 }, (_, i) => String(i + 1)), '11+'];
  return {
    total: signals.length,
    first: times[0] ?? '',
    last: times.at(-1) ?? '',
    noResults: sorted([...empty.values()], (row) => row.count, (row) => row.query),
    unopened: sorted(
      [...searched.entries()].filter(([key]) => !opened.has(key)).map(([, row]) => row),
      (row) => row.searches,
      (row) => row.query,
    ),
    ranks: rankOrder.map((rank) => ({ rank, count: ranks.get(rank) ?? 0 })).filter((row, index) => index < 10 || row.count > 0),
    pages: sorted(
      [...pages.values()].filter((row) => row.no > 0),
      (row) => row.no,
      (row) => row.page,
    ),
    weeks: period(signals, (signal) => signal.week),
    versions: period(signals, (signal) => signal.version),
  };
}

/** The docs versions the signals name, latest first (`9.0`, `8.9`, then `upgrade`, `site`, …). */
export function versionsOf(signals: Signal[]): string[] {
  const names = [...new Set(signals.map((signal) => signal.version))];
  const numeric = (name: string) => (/^\d+(\.\d+)*$/.test(name) ? name.split('.').map(Number) : null);
  return names.sort((a, b) => {
    const x = numeric(a);
    const y = numeric(b);
    if (x && y) return y[0]! - x[0]! || (y[1] ?? 0) - (x[1] ?? 0);
    if (x) return -1;
    if (y) return 1;
    return a.localeCompare(b);
  });
}

/** Text for HTML (content and attribute values in double quotes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The characters of a bar's label that fit the 320 px beside the bars. */
const LABEL_CHARS = 44;

/**
 * A horizontal bar chart as inline SVG (no script, no outside request): one bar a row, the label on
 * the left, the value after the bar. Labels are escaped and cut to 60 characters.
 */
export function barChart(bars: { label: string; value: number }[], title: string): string {
  const rowHeight = 22;
  const labelWidth = 320;
  const barWidth = 360;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const height = bars.length * rowHeight + 8;
  const rows = bars.map((bar, index) => {
    const y = index * rowHeight + 4;
    const width = bar.value > 0 ? Math.max(2, Math.round((bar.value / max) * barWidth)) : 0;
    // A label longer than the space beside the bars is cut; the whole text shows on hover.
    const chars = Array.from(bar.label);
    const label = chars.length > LABEL_CHARS ? `${chars.slice(0, LABEL_CHARS - 1).join('')}…` : bar.label;
    return [
      `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end"><title>${escapeHtml(bar.label)}</title>${escapeHtml(label)}</text>`,
      `<rect x="${labelWidth}" y="${y + 3}" width="${width}" height="${rowHeight - 8}" rx="2"></rect>`,
      `<text x="${labelWidth + width + 6}" y="${y + 15}">${bar.value}</text>`,
    ].join('');
  });
  return `<svg class="chart" role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${labelWidth + barWidth + 60} ${height}" width="${labelWidth + barWidth + 60}" height="${height}">${rows.join('')}</svg>`;
}

const REASONS: Record<string, string> = {
  missing: 'Нет нужного',
  error: 'Ошибка в тексте',
  unclear: 'Непонятно',
  outdated: 'Устарело',
  none: 'Без причины',
};

function table(headers: string[], rows: (string | number)[][], empty: string): string {
  if (rows.length === 0) return `<p class="empty">${escapeHtml(empty)}</p>`;
  const head = headers.map((header) => `<th>${escapeHtml(header)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => (typeof cell === 'number' ? `<td class="n">${cell}</td>` : `<td>${escapeHtml(cell)}</td>`)).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** How many rows a table of the report shows (the CSV has them all). */
const REPORT_ROWS = 50;

function reasonsText(reasons: Record<string, number>): string {
  return Object.entries(reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${REASONS[reason] ?? reason}: ${n}`)
    .join(', ');
}

function periodTable(rows: PeriodRow[], name: string): string {
  return table(
    [name, 'Запросов', 'Без результатов', 'Открыто результатов', '«Да»', '«Нет»'],
    rows.map((row) => [row.key, row.searches, row.noResults, row.opened, row.yes, row.no]),
    'Нет сигналов.',
  );
}

function sections(report: Report, withVersions: boolean): string {
  const noResults = report.noResults.slice(0, REPORT_ROWS);
  const unopened = report.unopened.slice(0, REPORT_ROWS);
  const pages = report.pages.slice(0, REPORT_ROWS);
  return [
    '<h3>Запросы без результатов</h3>',
    '<p class="hint">Добавьте синонимы (config/search-synonyms.txt) или страницу. Сначала самые частые.</p>',
    noResults.length ? barChart(noResults.slice(0, 15).map((row) => ({ label: row.query, value: row.count })), 'Запросы без результатов') : '',
    table(
      ['Запрос', 'Сколько раз', ...(withVersions ? ['Версии'] : [])],
      noResults.map((row) => [row.query, row.count, ...(withVersions ? [row.versions.join(', ')] : [])]),
      'Таких запросов нет.',
    ),
    '<h3>Запросы, результаты которых никто не открыл</h3>',
    '<p class="hint">Результаты были, но читатель не выбрал ни один: проверьте заголовки и описания найденных страниц.</p>',
    table(
      ['Запрос', 'Сколько раз', 'Результатов', ...(withVersions ? ['Версии'] : [])],
      unopened.map((row) => [row.query, row.searches, row.hits, ...(withVersions ? [row.versions.join(', ')] : [])]),
      'Таких запросов нет.',
    ),
    '<h3>Место открытого результата в списке</h3>',
    '<p class="hint">Если часто открывают пятый и ниже, добавьте слово запроса в заголовок или описание страницы.</p>',
    barChart(report.ranks.map((row) => ({ label: `${row.rank}-е место`, value: row.count })), 'Место открытого результата'),
    '<h3>Страницы с ответом «Нет»</h3>',
    pages.length ? barChart(pages.slice(0, 15).map((row) => ({ label: row.page, value: row.no })), 'Страницы с ответом «Нет»') : '',
    table(
      ['Страница', '«Нет»', '«Да»', 'Причины'],
      pages.map((row) => [row.page, row.no, row.yes, reasonsText(row.reasons)]),
      'Ответов «Нет» нет.',
    ),
  ].join('\n');
}

const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1c1e21}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:1px solid #ddd;padding-bottom:.3rem}h3{margin-top:1.8rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#f3f4f6}td.n{text-align:right;white-space:nowrap}.hint,.empty{color:#555}
.chart{max-width:100%;height:auto;font-size:12px}.chart rect{fill:#2e8555}.chart text{fill:#1c1e21}
details{margin:1rem 0}summary{cursor:pointer;font-weight:600;font-size:1.1rem}
`;

/** The whole report: one HTML page that needs nothing else (styles and charts inline, no script). */
export function renderHtml(signals: Signal[], generated: string): string {
  const all = buildReport(signals);
  const versions = versionsOf(signals);
  const byVersion = versions
    .map((version) => {
      const report = buildReport(signals.filter((signal) => signal.version === version));
      return `<details><summary>Версия ${escapeHtml(version)}, сигналов: ${report.total}</summary>\n${sections(report, false)}\n</details>`;
    })
    .join('\n');
  const weeks = all.weeks;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Сигналы читателей Monq Docs</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Сигналы читателей Monq Docs</h1>
<p>Сигналов: ${all.total}${all.first ? `, с ${escapeHtml(all.first.slice(0, 10))} по ${escapeHtml(all.last.slice(0, 10))}` : ''}. Отчёт составлен ${escapeHtml(generated)}. Таблицы показывают до ${REPORT_ROWS} строк; все строки — в CSV.</p>
<h2>По неделям</h2>
${weeks.length ? barChart(weeks.map((row) => ({ label: `неделя с ${row.key}`, value: row.searches })), 'Запросов по неделям') : ''}
${periodTable(weeks.map((row) => ({ ...row, key: `неделя с ${row.key}` })), 'Неделя')}
<h2>По версиям документации</h2>
${periodTable(all.versions, 'Версия')}
<h2>Все версии</h2>
${sections(all, true)}
<h2>Каждая версия отдельно</h2>
${byVersion || '<p class="empty">Нет сигналов.</p>'}
</body>
</html>
`;
}

/** A CSV cell: quoted, and a value a spreadsheet would run as a formula starts with `'`. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Every row of the report's tables, by section and version (`все` for all versions). */
export function renderCsv(signals: Signal[]): string {
  const lines: (string | number)[][] = [['раздел', 'версия', 'что', 'подробности', 'количество']];
  const add = (version: string, report: Report) => {
    for (const row of report.noResults) lines.push(['без результатов', version, row.query, row.versions.join(' '), row.count]);
    for (const row of report.unopened) lines.push(['не открыли', version, row.query, `результатов: ${row.hits}`, row.searches]);
    for (const row of report.ranks) lines.push(['место результата', version, row.rank, '', row.count]);
    for (const row of report.pages) lines.push(['ответ «Нет»', version, row.page, reasonsText(row.reasons), row.no]);
    for (const row of report.weeks) lines.push(['неделя', version, row.key, `запросов: ${row.searches}; без результатов: ${row.noResults}; открыто: ${row.opened}; да: ${row.yes}; нет: ${row.no}`, row.searches]);
  };
  add('все', buildReport(signals));
  for (const version of versionsOf(signals)) add(version, buildReport(signals.filter((signal) => signal.version === version)));
  return `\ufeff${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
