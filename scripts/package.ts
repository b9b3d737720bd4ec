/**
 * `npm run package`: a versioned archive for installations without internet access.
 *
 *   dist/monq-docs-<version>.tar.gz          monq-docs-<version>/site/   the built site (with .nginx/, .gz, .br)
 *                                            monq-docs-<version>/nginx/  deploy/nginx
 *                                            monq-docs-<version>/README.md  install guide (deploy/README.md)
 *   dist/monq-docs-<version>.tar.gz.sha256   for `sha256sum -c`
 *
 * Build the site first (`npm run build`, production settings). The archive is reproducible: sorted
 * names, fixed owner and dates, a gzip header without a timestamp.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { copyConfig } from './lib/nginx-config';

export interface PackageOptions {
  buildDir: string;
  nginxDir: string;
  guide: string;
  outDir: string;
  version: string;
  name?: string;
  /** Seconds since the epoch written as every file's date (SOURCE_DATE_EPOCH). */
  mtime?: number;
}

export interface PackageResult {
  archive: string;
  checksumFile: string;
  sha256: string;
}

/** Files a build must have to be served by deploy/nginx. */
export const REQUIRED_FILES = ['index.html', '404.html', 'sitemap.xml', '.nginx/csp.conf', '.nginx/redirects.conf'];

export function checksumLine(sha256: string, fileName: string): string {
  return `${sha256}  ${fileName}\n`;
}

export function createPackage(options: PackageOptions): PackageResult {
  if (!/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/.test(options.version)) {
    throw new Error(`Unexpected version: ${options.version}`);
  }
  const missing = REQUIRED_FILES.filter((file) => !existsSync(join(options.buildDir, file)));
  if (missing.length) {
    throw new Error(`В сборке ${options.buildDir} нет ${missing.join(', ')}: соберите сайт командой npm run build.`);
  }
  const top = `${options.name ?? 'monq-docs'}-${options.version}`;
  const stage = mkdtempSync(join(tmpdir(), 'monq-package-'));
  try {
    const root = join(stage, top);
    mkdirSync(root, { recursive: true });
    cpSync(options.buildDir, join(root, 'site'), { recursive: true });
    copyConfig(options.nginxDir, join(root, 'nginx'));
    copyFileSync(options.guide, join(root, 'README.md'));
    const tarFile = join(stage, `${top}.tar`);
    execFileSync('tar', [
      '--sort=name',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      `--mtime=@${options.mtime ?? 0}`,
      '--mode=u+rwX,go+rX,go-w',
      '-cf',
      tarFile,
      '-C',
      stage,
      top,
    ]);
    mkdirSync(options.outDir, { recursive: true });
    const archive = resolve(options.outDir, `${top}.tar.gz`);
    const gz = gzipSync(readFileSync(tarFile), { level: 9 });
    writeFileSync(archive, gz);
    const sha256 = createHash('sha256').update(gz).digest('hex');
    const checksumFile = `${archive}.sha256`;
    writeFileSync(checksumFile, checksumLine(sha256, basename(archive)));
    return { archive, checksumFile, sha256 };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

function main(): void {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'build' },
      out: { type: 'string', default: 'dist' },
      version: { type: 'string', default: pkg.version },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      [
        'Использование: npm run package -- [--dir build] [--out dist] [--version 9.0.6]',
        'Собирает архив для установки без доступа в интернет: сайт, конфигурация nginx, инструкция, файл SHA-256.',
      ].join('\n'),
    );
    return;
  }
  const epoch = Number(process.env.SOURCE_DATE_EPOCH ?? 0);
  try {
    const result = createPackage({
      buildDir: values.dir,
      nginxDir: 'deploy/nginx',
      guide: 'deploy/README.md',
      outDir: values.out,
      version: values.version,
      mtime: Number.isFinite(epoch) ? epoch : 0,
    });
    console.log(`Архив: ${result.archive}\nSHA-256: ${result.sha256} (${result.checksumFile})`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (require.main === module) main();
