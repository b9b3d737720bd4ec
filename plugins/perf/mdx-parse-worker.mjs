/**
 * A worker thread of plugins/perf/mdx-parse.ts: reads content pages, prepares them as the MDX loader
 * does and parses them to mdast, while the main thread of the build runs the rest of the MDX
 * pipeline. Plain JavaScript, so that the worker runs it as it is.
 *
 * `workerData`:
 *   files     [{ path, format: 'md' | 'mdx' }]
 *   order     indexes into `files`, in the order this worker takes them
 *   state     SharedArrayBuffer, one Int32 per file: FREE, MAIN, WORKER, DONE (see mdx-parse.ts)
 *   port      MessagePort for the results: { i, doc, tree, fingerprint } or { i, error }, `tree` as the
 *             bytes of `v8.serialize` (the loader deserializes a tree when it takes it)
 *   markdown  the site's normalized `markdown` config (only plain values are read)
 *   admonitions  the content plugins' `admonitions` option
 *
 * A file is taken only if it is still FREE: the main thread parses a file itself when it gets there
 * first, and waits for this worker when the worker is already on it.
 */
import { readFileSync } from 'node:fs';
import { serialize } from 'node:v8';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import fingerprintModule from './mdx-parse-fingerprint.cjs';

const FREE = 0;
const WORKER = 2;
const DONE = 3;

const { files, order, state: buffer, port, markdown, admonitions } = workerData;
const state = new Int32Array(buffer);

// The packages the MDX loader itself uses, resolved from it (not from this project).
const loaderRequire = createRequire(createRequire(import.meta.url).resolve('@docusaurus/mdx-loader'));
const load = async (specifier) => (await import(pathToFileURL(loaderRequire.resolve(specifier)).href)).default;
const { createProcessor } = await import(pathToFileURL(loaderRequire.resolve('@mdx-js/mdx')).href);
const [frontmatter, directive, gfm, comment] = await Promise.all(
  ['remark-frontmatter', 'remark-directive', 'remark-gfm', '@slorber/remark-comment'].map(load),
);
const preprocess = loaderRequire('./preprocessor').default;

/** A parser with the syntax of the loader's processor (processor.js of @docusaurus/mdx-loader). */
function parserFor(format) {
  const processor = createProcessor({
    format,
    remarkPlugins: [frontmatter, directive, gfm, ...(markdown.mdx1Compat.comments ? [comment] : [])],
  }).freeze();
  const fingerprint = fingerprintModule.parserFingerprint(
    processor.data('micromarkExtensions'),
    processor.data('fromMarkdownExtensions'),
    processor.data('settings'),
  );
  return { parse: (doc) => processor.parse(doc), fingerprint };
}
const parsers = { md: parserFor('md'), mdx: parserFor('mdx') };
const markdownConfig = { ...markdown, preprocessor: undefined };

for (const i of order) {
  if (Atomics.compareExchange(state, i, FREE, WORKER) !== FREE) continue;
  const file = files[i];
  let message;
  try {
    const doc = preprocess({ fileContent: readFileSync(file.path, 'utf8'), filePath: file.path, markdownConfig, admonitions });
    const parser = parsers[file.format];
    const tree = serialize(parser.parse(doc));
    message = { i, doc, tree, fingerprint: parser.fingerprint };
  } catch (error) {
    message = { i, error: String(error) };
  }
  // The bytes move to the loader's thread without a copy when they fill their own buffer.
  const bytes = message.tree;
  const own = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  port.postMessage(message, own ? [bytes.buffer] : []);
  Atomics.store(state, i, DONE);
  Atomics.notify(state, i);
}
port.close();
