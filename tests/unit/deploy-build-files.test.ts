/** Build-time files of plugins/deploy: compressed copies, and the post-build order it runs in. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { balance, compressFiles, listFiles, removeOrphans, shouldCompress } from '../../plugins/deploy/compress';
import deployPlugin from '../../plugins/deploy/index';
import { inPostBuildOrder, postBuildOrder } from '../../plugins/lib/post-build-order';
import type { LoadContext } from '@docusaurus/types';
import { scriptHash } from '../../plugins/deploy/csp';

function tempSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'monq-deploy-unit-'));
  mkdirSync(join(dir, 'docs', 'page'), { recursive: true });
  mkdirSync(join(dir, 'img'), { recursive: true });
  mkdirSync(join(dir, '.nginx'), { recursive: true });
  writeFileSync(join(dir, 'docs', 'page', 'index.html'), `<!doctype html><p>${'Метрики и пороги. '.repeat(200)}</p>`);
  writeFileSync(join(dir, 'small.txt'), 'tiny');
  writeFileSync(join(dir, 'img', 'photo.png'), Buffer.alloc(4096, 7));
  writeFileSync(join(dir, '.nginx', 'csp.conf'), 'x'.repeat(2048));
  return dir;
}

describe('compressed copies', () => {
  test('text files get .gz and .br that decompress to the original; small and binary files do not', async () => {
    const dir = tempSite();
    try {
      const files = listFiles(dir, ['.nginx']);
      assert.deepEqual(files, ['docs/page/index.html', 'img/photo.png', 'small.txt']);
      const result = await compressFiles(dir, files);
      assert.equal(result.files, 1);
      const original = readFileSync(join(dir, 'docs/page/index.html'));
      assert.deepEqual(gunzipSync(readFileSync(join(dir, 'docs/page/index.html.gz'))), original);
      assert.deepEqual(brotliDecompressSync(readFileSync(join(dir, 'docs/page/index.html.br'))), original);
      assert.ok(result.brotliBytes < result.gzipBytes && result.gzipBytes < result.bytes);
      assert.equal(existsSync(join(dir, 'small.txt.gz')), false);
      assert.equal(existsSync(join(dir, 'img/photo.png.br')), false);
      assert.equal(existsSync(join(dir, '.nginx/csp.conf.gz')), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('two worker threads write the same copies as one thread, and add up the same totals', async () => {
    const dirs = [tempSite(), tempSite()];
    try {
      for (const dir of dirs) {
        for (let i = 0; i < 6; i++) {
          writeFileSync(join(dir, 'docs', `p${i}.html`), `<p>${'Сигналы и синтетические триггеры. '.repeat(50 * (i + 1))}</p>`);
        }
      }
      const [one, two] = await Promise.all([
        compressFiles(dirs[0]!, listFiles(dirs[0]!, ['.nginx']), 1),
        compressFiles(dirs[1]!, listFiles(dirs[1]!, ['.nginx']), 2),
      ]);
      assert.equal(one.files, 7);
      assert.deepEqual(two, one);
      for (let i = 0; i < 6; i++) {
        const rel = join('docs', `p${i}.html`);
        assert.deepEqual(gunzipSync(readFileSync(join(dirs[1]!, `${rel}.gz`))), readFileSync(join(dirs[1]!, rel)));
        assert.deepEqual(readFileSync(join(dirs[1]!, `${rel}.br`)), readFileSync(join(dirs[0]!, `${rel}.br`)));
      }
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a file a worker cannot read fails the compression with the reason', async () => {
    const dir = tempSite();
    try {
      // A directory named like a page: the main thread sees its size, the worker fails to read it.
      // Forty entries make the directory's size pass MIN_BYTES on any file system (tmpfs included).
      mkdirSync(join(dir, 'broken.html'));
      for (let i = 0; i < 40; i++) writeFileSync(join(dir, 'broken.html', `filler-entry-${i}`), 'x');
      await assert.rejects(compressFiles(dir, ['docs/page/index.html', 'broken.html'], 2), /EISDIR/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('shares of about the same size, every file in exactly one', () => {
    const files = [5, 9, 1, 7, 3, 8, 2].map((size, i) => ({ path: `f${i}`, size }));
    const shares = balance(files, 2);
    assert.equal(shares.length, 2);
    assert.deepEqual(shares.flat().sort(), files.map((file) => file.path).sort());
    const bytes = shares.map((share) => share.reduce((sum, path) => sum + files.find((file) => file.path === path)!.size, 0));
    assert.ok(Math.abs(bytes[0]! - bytes[1]!) <= 1, `unbalanced: ${bytes.join(' / ')}`);
    assert.deepEqual(balance(files.slice(0, 1), 4), [['f0']]);
    assert.deepEqual(balance([], 2), []);
  });

  test('which files are worth it', () => {
    assert.equal(shouldCompress('search/docs-default-9.0.abcdef1234.json', 200_000), true);
    assert.equal(shouldCompress('assets/js/main.1a2b.js', 100_000), true);
    assert.equal(shouldCompress('assets/images/a-1a2b.png', 100_000), false);
    assert.equal(shouldCompress('robots.txt', 20), false);
  });

  test('copies of a file that no longer exists are removed', async () => {
    const dir = tempSite();
    try {
      writeFileSync(join(dir, 'gone.html.br'), 'old');
      writeFileSync(join(dir, 'gone.html.gz'), 'old');
      const removed = await removeOrphans(dir, listFiles(dir));
      assert.equal(removed, 2);
      assert.equal(existsSync(join(dir, 'gone.html.br')), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const INDEX_FILES = ['search/default.t0.0123456789.json', 'search/default.d0.abcdef0123.json', 'search/default.v.4567890abc.json'];
const WORKER = 'search/worker.fedcba9876.js';
function writeManifest(dir: string): void {
  mkdirSync(join(dir, 'search'), { recursive: true });
  for (const file of INDEX_FILES.concat(WORKER)) writeFileSync(join(dir, file), '{}');
  const entry = {
    name: 'default',
    terms: { first: [''], hash: ['0123456789'] },
    docs: { first: [0], hash: ['abcdef0123'] },
    vocabulary: '4567890abc',
  };
  writeFileSync(join(dir, 'search', 'manifest.json'), JSON.stringify({ indexes: { default: entry }, worker: WORKER }));
}


/** A redirect page as @docusaurus/plugin-client-redirects writes it, with its inline script. */
const redirectScript = `window.location.href = '/docs/page/' + window.location.search;${' '.repeat(600)}`;
function writeRedirectPage(dir: string): void {
  mkdirSync(join(dir, 'old'), { recursive: true });
  writeFileSync(join(dir, 'old', 'index.html'), `<!DOCTYPE html><html><head><meta charset="UTF-8"></head><script>${redirectScript}</script></html>`);
}

describe('the post-build order: deploy runs after the steps whose files it reads', () => {
  test('the policy and the compressed copies include what the earlier steps wrote, however long they took', async () => {
    const dir = tempSite();
    try {
      const context = {} as LoadContext;
      const order = postBuildOrder(context);
      // Docusaurus creates every plugin, then starts every postBuild at once.
      const search = inPostBuildOrder('search-index', context, {
        name: 'search',
        postBuild: async ({ outDir }) => {
          await new Promise((done) => setTimeout(done, 300));
          writeManifest(outDir);
          for (const file of INDEX_FILES) writeFileSync(join(outDir, file), `{"x":"${'a'.repeat(2000)}"}`);
          writeFileSync(join(outDir, WORKER), `self.x=${'1'.repeat(2000)}`);
        },
      });
      const redirects = inPostBuildOrder('redirect-pages', context, {
        name: 'redirects',
        postBuild: async ({ outDir }) => {
          await new Promise((done) => setTimeout(done, 100));
          writeRedirectPage(outDir);
        },
      });
      const deploy = deployPlugin(context, { analytics: false, hostedSearch: null, awaitSearchIndex: true, expectFiles: ['old/index.html'] });
      await Promise.all([deploy, search, redirects].map((plugin) => plugin.postBuild?.({ outDir: dir } as never)));
      assert.deepEqual(order.started, ['search-index', 'redirect-pages', 'deploy']);
      const policy = readFileSync(join(dir, '.nginx', 'csp.txt'), 'utf8');
      assert.ok(policy.includes(scriptHash(redirectScript)), 'the redirect page\'s script is in the policy');
      assert.equal(existsSync(join(dir, 'old', 'index.html.br')), true);
      assert.equal(existsSync(join(dir, INDEX_FILES[0] + '.gz')), true, 'the search index is compressed');
      assert.equal(existsSync(join(dir, WORKER + '.gz')), true);
      assert.equal(existsSync(join(dir, 'docs', 'page', 'index.html.gz')), true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
