import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalFor } from '../../src/lib/canonical';

test('an 8.9 page whose subject exists in 9.0 is canonical to the 9.0 page', () => {
  assert.equal(
    canonicalFor({ siteUrl: 'https://docs.monq.ru', isLatestVersion: false, latestDocPath: '/docs/guide/signals/' }),
    'https://docs.monq.ru/docs/guide/signals/',
  );
});

test('8.9-only pages and pages of the latest version keep their own canonical URL', () => {
  assert.equal(canonicalFor({ siteUrl: 'https://docs.monq.ru', isLatestVersion: false, latestDocPath: undefined }), null);
  assert.equal(
    canonicalFor({ siteUrl: 'https://docs.monq.ru', isLatestVersion: true, latestDocPath: '/docs/guide/signals/' }),
    null,
  );
});

test('the canonical path carries the trailing slash of the routes', () => {
  assert.equal(
    canonicalFor({
      siteUrl: 'https://docs.monq.ru',
      isLatestVersion: false,
      latestDocPath: '/docs/guide/signals',
      trailingSlash: true,
    }),
    'https://docs.monq.ru/docs/guide/signals/',
  );
});
