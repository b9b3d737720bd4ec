/**
 * `npm run signals:report -- <log files>`: the writers' report of the readers' signals that nginx
 * logged (deploy/nginx: `/_signals`, sites built with `DOCS_SIGNALS=site`). Writes one HTML page that
 * needs nothing else (charts are inline SVG, no script, no outside request) and a CSV with every row.
 * Rotated logs compressed by logrotate (`.gz`) are read as they are. The rules: scripts/lib/signals-report.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { parseLog, renderCsv, renderHtml } from './lib/signals-report';

const HELP = [
  'Использование: npm run signals:report -- <журнал> [<журнал> …] [--out signals-report]',
  '',
  'Отчёт о сигналах читателей по журналу nginx (/var/log/nginx/monq-docs-signals.log и его',
  'архивы .gz): запросы без результатов, запросы, результаты которых никто не открыл, место открытого',
  'результата, страницы с ответом «Нет» и причины — по неделям и версиям документации.',
  '',
  'Пишет в каталог --out (по умолчанию signals-report/):',
  '  signals-report.html  страница с графиками и таблицами, открывается без сети',
  '  signals-report.csv   все строки таблиц (UTF-8, для таблиц Excel и LibreOffice)',
].join('\n');

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string', default: 'signals-report' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length === 0) {
    console.error(HELP);
    return 2;
  }
  // Rotated logs compressed by logrotate (`.gz`) are read as they are.
  const signals = positionals.flatMap((file) => {
    const bytes = readFileSync(file);
    return parseLog((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
  });
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const generated = new Date().toISOString().slice(0, 16).replace('T', ' ');
  writeFileSync(join(out, 'signals-report.html'), renderHtml(signals, generated));
  writeFileSync(join(out, 'signals-report.csv'), renderCsv(signals));
  console.log(`Сигналов: ${signals.length}\n${join(out, 'signals-report.html')}\n${join(out, 'signals-report.csv')}`);
  return 0;
}

if (require.main === module) {
  try {
    process.exit(main(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
