/**
 * Serve the production build locally: `npm run serve [-- --port 3000 --dir build]`.
 * Same routing rules as the nginx configuration (scripts/lib/static-routing.ts).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serveStatic } from './lib/static-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3000' },
    host: { type: 'string', default: '127.0.0.1' },
    dir: { type: 'string', default: 'build' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('Использование: npm run serve -- [--port 3000] [--host 127.0.0.1] [--dir build]');
  process.exit(0);
}
if (!existsSync(values.dir)) {
  console.error(`Каталог ${values.dir} не найден: сначала соберите сайт командой npm run build.`);
  process.exit(1);
}
serveStatic(values.dir, Number(values.port), values.host).then((running) => {
  console.log(`Monq Docs: ${running.url}/ (Ctrl+C — остановить)`);
});
