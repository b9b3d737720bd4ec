import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPdf, listedPdfs, pdfLinkHtml } from '../../src/lib/pdfLink';

test('listedPdfs: the file names of the PDF list, nothing from anything else', () => {
  assert.deepEqual(listedPdfs({ files: ['monq-docs-9.0.pdf', 7, 'monq-docs-8.9.pdf'] }), ['monq-docs-9.0.pdf', 'monq-docs-8.9.pdf']);
  assert.deepEqual(listedPdfs({ files: [] }), []);
  assert.deepEqual(listedPdfs({ files: 'monq-docs-9.0.pdf' }), []);
  assert.deepEqual(listedPdfs(null), []);
  assert.deepEqual(listedPdfs('<html>'), []);
});

test('pdfLinkHtml: a plain download link styled as a dropdown item, or a menu item on phones', () => {
  assert.equal(
    pdfLinkHtml('/pdf/monq-docs-9.0.pdf', '9.0', false),
    '<a class="dropdown__link pdf-download-link" href="/pdf/monq-docs-9.0.pdf" download="monq-docs-9.0.pdf" title="PDF документации 9.0">Скачать PDF</a>',
  );
  assert.match(pdfLinkHtml('/pdf/monq-docs-8.9.pdf', '8.9', true), /^<a class="menu__link pdf-download-link" href="\/pdf\/monq-docs-8\.9\.pdf"/);
});

test('checkPdf: the folder list is read once per page load; a failed request means absent', async () => {
  const calls: string[] = [];
  const fetchList = (files: string[]) => async (url: string) => {
    calls.push(url);
    return { ok: true, json: async () => ({ files }) };
  };
  assert.equal(await checkPdf('/pdf/a.pdf', fetchList(['a.pdf'])), true);
  assert.equal(await checkPdf('/pdf/b.pdf', fetchList(['a.pdf', 'b.pdf'])), false);
  assert.deepEqual(calls, ['/pdf/index.json']);
  assert.equal(await checkPdf('/other/c.pdf', fetchList([])), false);
  const fetchMissing = async () => ({ ok: false, json: async () => ({ files: ['d.pdf'] }) });
  assert.equal(await checkPdf('/missing/d.pdf', fetchMissing), false);
  const fetchDown = async () => {
    throw new Error('offline');
  };
  assert.equal(await checkPdf('/down/e.pdf', fetchDown), false);
});
