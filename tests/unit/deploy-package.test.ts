/** `npm run package`: the archive for closed networks and its checksum. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createPackage, missingPdfBooks, REQUIRED_FILES } from '../../scripts/package';
import { PDF_BOOKS } from '../../config/pdf';
import { SIGNALS_MARKER } from '../../plugins/analytics/index';

function fakeBuild(root: string): string {
  const dir = join(root, 'build');
  for (const file of [...REQUIRED_FILES, 'docs/get-started/index.html', 'docs/get-started/index.html.br']) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `content of ${file}`);
  }
  return dir;
}

describe('the offline archive', () => {
  test('holds the site, the nginx configuration and the Russian guide under one versioned directory', () => {
    const root = mkdtempSync(join(tmpdir(), 'monq-package-unit-'));
    try {
      const result = createPackage({ buildDir: fakeBuild(root), nginxDir: 'deploy/nginx', guide: 'deploy/README.md', outDir: join(root, 'dist'), version: '9.0.6' });
      assert.equal(basename(result.archive), 'monq-docs-9.0.6.tar.gz');
      const listing = execFileSync('tar', ['-tzf', result.archive], { encoding: 'utf8' }).split('\n');
      for (const entry of [
        'monq-docs-9.0.6/README.md',
        'monq-docs-9.0.6/signals-report.png',
        'monq-docs-9.0.6/site/index.html',
        'monq-docs-9.0.6/site/.nginx/csp.conf',
        'monq-docs-9.0.6/site/docs/get-started/index.html.br',
        'monq-docs-9.0.6/nginx/monq-docs.conf',
        'monq-docs-9.0.6/nginx/snippets/monq-docs-headers.conf',
      ]) {
        assert.ok(listing.includes(entry), `${entry} is in the archive`);
      }
      assert.ok(listing.every((entry) => entry === '' || entry.startsWith('monq-docs-9.0.6/')));
      const guide = execFileSync('tar', ['-xzOf', result.archive, 'monq-docs-9.0.6/README.md'], { encoding: 'utf8' });
      assert.match(guide, /^# Установка Monq Docs/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('carries the PDF books of the build, and knows which ones the build lacks', () => {
    const root = mkdtempSync(join(tmpdir(), 'monq-package-unit-'));
    try {
      const build = fakeBuild(root);
      assert.deepEqual(missingPdfBooks(build).map((book) => book.file), PDF_BOOKS.map((book) => book.file));
      mkdirSync(join(build, 'pdf'));
      writeFileSync(join(build, 'pdf', 'monq-docs-9.0.pdf'), '%PDF-1.4');
      assert.deepEqual(missingPdfBooks(build).map((book) => book.file), ['monq-docs-8.9.pdf', 'monq-upgrade-notes.pdf']);
      const result = createPackage({ buildDir: build, nginxDir: 'deploy/nginx', guide: 'deploy/README.md', outDir: join(root, 'dist'), version: '9.0.6' });
      const listing = execFileSync('tar', ['-tzf', result.archive], { encoding: 'utf8' }).split('\n');
      assert.ok(listing.includes('monq-docs-9.0.6/site/pdf/monq-docs-9.0.pdf'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('the checksum file verifies with sha256sum -c, and fails on a changed archive', () => {
    const root = mkdtempSync(join(tmpdir(), 'monq-package-unit-'));
    try {
      const result = createPackage({ buildDir: fakeBuild(root), nginxDir: 'deploy/nginx', guide: 'deploy/README.md', outDir: join(root, 'dist'), version: '9.0.6' });
      assert.match(readFileSync(result.checksumFile, 'utf8'), /^[0-9a-f]{64} {2}monq-docs-9\.0\.6\.tar\.gz\n$/);
      const out = execFileSync('sha256sum', ['-c', basename(result.checksumFile)], { cwd: dirname(result.archive), encoding: 'utf8' });
      assert.match(out, /OK/);
      writeFileSync(result.archive, Buffer.concat([readFileSync(result.archive), Buffer.from('x')]));
      assert.throws(() => execFileSync('sha256sum', ['-c', basename(result.checksumFile)], { cwd: dirname(result.archive), stdio: 'pipe' }));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('the same build gives the same archive (reproducible)', () => {
    const root = mkdtempSync(join(tmpdir(), 'monq-package-unit-'));
    try {
      const build = fakeBuild(root);
      const options = { buildDir: build, nginxDir: 'deploy/nginx', guide: 'deploy/README.md', version: '9.0.6' };
      const first = createPackage({ ...options, outDir: join(root, 'a') });
      const second = createPackage({ ...options, outDir: join(root, 'b') });
      assert.equal(first.sha256, second.sha256);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('refuses a build without the generated server files', () => {
    const root = mkdtempSync(join(tmpdir(), 'monq-package-unit-'));
    try {
      const build = fakeBuild(root);
      rmSync(join(build, '.nginx'), { recursive: true });
      assert.throws(
        () => createPackage({ buildDir: build, nginxDir: 'deploy/nginx', guide: 'deploy/README.md', outDir: join(root, 'dist'), version: '9.0.6' }),
        /\.nginx\/csp\.conf/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

test('the archive for a closed network refuses a build without the readers\' signals to the site (DOCS_SIGNALS=site)', () => {
  const root = mkdtempSync(join(tmpdir(), 'monq-package-signals-'));
  try {
    const build = fakeBuild(root);
    const options = { buildDir: build, nginxDir: 'deploy/nginx', guide: 'deploy/README.md', outDir: join(root, 'dist'), version: '9.0.6', requireSignals: true };
    assert.throws(() => createPackage(options), /DOCS_SIGNALS=site npm run build/);
    writeFileSync(join(build, SIGNALS_MARKER), '/_signals\n');
    assert.ok(createPackage(options).sha256);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
