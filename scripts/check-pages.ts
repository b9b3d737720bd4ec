/**
 * The GitHub Pages artifact answers what the tests test: packed as the deploy workflow uploads it
 * and served as Pages serves it (scripts/lib/pages-artifact.ts), with the custom domain of
 * `static/CNAME`, every address of its sitemap answers 200.
 *
 *   npm run check:pages                 check build/
 *   npm run check:pages -- --dir out    another build directory
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkPagesArtifact, packLikePages } from './lib/pages-artifact';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: 'build' }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log(
      [
        'Использование: npm run check:pages -- [--dir build]',
        'Упаковывает сборку так же, как публикация на GitHub Pages, отдаёт её простым статическим сервером',
        'и проверяет домен из CNAME и каждый адрес sitemap.xml (ответ 200).',
      ].join('\n'),
    );
    return;
  }
  if (!existsSync(join(values.dir, 'index.html'))) {
    console.error(`В ${values.dir} нет собранного сайта: сначала выполните npm run build.`);
    process.exit(1);
  }
  const artifact = packLikePages(values.dir);
  try {
    const { checked, problems } = await checkPagesArtifact(artifact.dir);
    if (problems.length === 0) {
      console.log(`Артефакт GitHub Pages: адресов в карте сайта — ${checked}, каждый отвечает 200 в корне домена.`);
      return;
    }
    console.error(`Артефакт GitHub Pages опубликуется с ошибками (${problems.length}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exitCode = 1;
  } finally {
    artifact.remove();
  }
}

void main();
