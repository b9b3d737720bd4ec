import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPdf, isPdfAnswer, pdfLinkHtml } from '../../src/lib/pdfLink';

test('isPdfAnswer: only a successful answer with the PDF type counts', () => {
  assert.equal(isPdfAnswer(200, 'application/pdf'), true);
  assert.equal(isPdfAnswer(404, 'application/pdf'), false);
  // a host that answers unknown paths with a page (a fallback or a 404 page sent as 200)
  assert.equal(isPdfAnswer(200, 'text/html; charset=utf-8'), false);
  assert.equal(isPdfAnswer(200, null), false);
});

test('pdfLinkHtml: a plain download link styled as a dropdown item, or a menu item on phones', () => {
  assert.equal(
    pdfLinkHtml('/pdf/monq-docs-9.0.pdf', '9.0', false),
    '<a class="dropdown__link pdf-download-link" href="/pdf/monq-docs-9.0.pdf" download="monq-docs-9.0.pdf" title="PDF документации 9.0">Скачать PDF</a>',
  );
  assert.match(pdfLinkHtml('/pdf/monq-docs-8.9.pdf', '8.9', true), /^<a class="menu__link pdf-download-link" href="\/pdf\/monq-docs-8\.9\.pdf"/);
});

function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  } as unknown as Storage & { data: Map<string, string> };
}

test('checkPdf: one HEAD request per file, remembered for the session; a failed request means absent', async () => {
  const calls: string[] = [];
  const storage = memoryStorage();
  const fetchOk = async (url: string, init: { method: string }) => {
    calls.push(`${init.method} ${url}`);
    return { status: 200, headers: { get: () => 'application/pdf' } };
  };
  assert.equal(await checkPdf('/pdf/a.pdf', fetchOk, storage), true);
  assert.equal(await checkPdf('/pdf/a.pdf', fetchOk, storage), true);
  assert.deepEqual(calls, ['HEAD /pdf/a.pdf']);
  assert.equal(storage.data.get('monq-docs-pdf:/pdf/a.pdf'), '1');

  const fetchMissing = async () => ({ status: 404, headers: { get: () => 'text/html' } });
  assert.equal(await checkPdf('/pdf/b.pdf', fetchMissing, storage), false);
  const fetchDown = async () => {
    throw new Error('offline');
  };
  assert.equal(await checkPdf('/pdf/c.pdf', fetchDown, null), false);
  // the session's answer is used without asking again
  assert.equal(await checkPdf('/pdf/b.pdf', fetchOk, storage), false);
});
