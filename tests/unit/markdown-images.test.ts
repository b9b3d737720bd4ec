/** plugins/perf/markdown-images.ts: Markdown images are files, in both bundles. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { MARKDOWN_IMAGE_INLINE_LIMIT, markdownImagesAsFiles, withInlineLimit } from '../../plugins/perf/markdown-images';

const require = createRequire(import.meta.url);

test('the Markdown image request of both bundles gets limit=0, the rest of the request unchanged', () => {
  const fromMdxLoader = createRequire(require.resolve('@docusaurus/mdx-loader'));
  const utils = fromMdxLoader('@docusaurus/utils') as {
    getFileLoaderUtils(isServer: boolean): { loaders: { inlineMarkdownImageFileLoader: string } };
  };
  const before = [false, true].map((isServer) => utils.getFileLoaderUtils(isServer).loaders.inlineMarkdownImageFileLoader);
  markdownImagesAsFiles(utils);
  const after = [false, true].map((isServer) => utils.getFileLoaderUtils(isServer).loaders.inlineMarkdownImageFileLoader);
  assert.equal(MARKDOWN_IMAGE_INLINE_LIMIT, 0);
  after.forEach((request, index) => {
    assert.match(request, /url-loader[^!]*\?limit=0&name=assets\/images\/\[name\]-\[contenthash\]\.\[ext\]&fallback=/);
    assert.equal(request, before[index]!.replace(/limit=\d+/, 'limit=0'));
  });
  assert.match(after[1]!, /&emitFile=false!$/, 'the server still emits no file');
  markdownImagesAsFiles(utils);
  assert.deepEqual([false, true].map((isServer) => utils.getFileLoaderUtils(isServer).loaders.inlineMarkdownImageFileLoader), after, 'idempotent');
});

test('a request without a limit stops the build', () => {
  assert.equal(withInlineLimit('!/u/url-loader.js?limit=10000&name=x!', 0), '!/u/url-loader.js?limit=0&name=x!');
  assert.equal(withInlineLimit('!/u/url-loader.js?name=x&limit=10000!', 0), '!/u/url-loader.js?name=x&limit=0!');
  assert.throws(() => withInlineLimit('!/u/file-loader.js?name=x!', 0), /no url-loader limit/);
});
