/**
 * The worker thread of plugins/perf/mdx-finish.ts: finishes pages that the MDX loader has taken
 * through its remark plugins (mdast → hast → ESTree → JavaScript). Plain JavaScript, so that the
 * worker runs it as it is; the site's rehype plugins (TypeScript) are loaded with jiti, as Docusaurus
 * loads the site config.
 *
 * Messages in: { id, planId, plan?, tree, path, data } — `plan` (see `FinishPlan`) comes with the
 * first page of each plan. Messages out: { id, code, data, messages, raw } or { id, mismatch } when
 * the rebuilt tail differs from the processor's, or { id, error }.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// The packages the MDX loader itself uses, resolved from it (not from this project).
const loaderRequire = createRequire(require.resolve('@docusaurus/mdx-loader'));
const mdxRequire = createRequire(loaderRequire.resolve('@mdx-js/mdx'));
const importFrom = async (from, specifier) => import(pathToFileURL(from.resolve(specifier)).href);
const [{ createProcessor }, { unified }, { VFile }, { default: rehypeRaw }] = await Promise.all([
  importFrom(loaderRequire, '@mdx-js/mdx'),
  importFrom(mdxRequire, 'unified'),
  importFrom(loaderRequire, 'vfile'),
  importFrom(loaderRequire, 'rehype-raw'),
]);
const jiti = require('jiti')(fileURLToPath(import.meta.url), { interopDefault: true });
const rawHtml = jiti(join(here, 'raw-html.ts'));

/** Each plan's tail: a frozen processor, or the reason it differs from the loader's. */
const tails = new Map();

function rehypePluginFor(step) {
  if (step.kind === 'raw') return [step.wrapped ? rawHtml.rawWhenNeeded(rehypeRaw) : rehypeRaw, ...step.options];
  const loaded = jiti(step.file);
  const plugin = typeof loaded === 'function' ? loaded : loaded.default;
  if (typeof plugin !== 'function' || plugin.name !== step.name) throw new Error(`${step.file} does not export ${step.name}`);
  return [plugin, ...step.options];
}

function buildTail(plan) {
  const full = createProcessor({ ...plan.settings, rehypePlugins: plan.rehype.map(rehypePluginFor), recmaPlugins: [] });
  const start = full.attachers.findIndex(([attacher]) => attacher.name === 'remarkRehype');
  const tail = start < 0 ? [] : full.attachers.slice(start);
  const names = tail.map(([attacher]) => attacher.name);
  if (names.join(' ') !== plan.names.join(' ')) return { mismatch: `a tail the worker builds differently (${names.join(' ')})` };
  if (JSON.stringify(tail[0].slice(1)) !== plan.remarkRehype) return { mismatch: 'remark-rehype options the worker builds differently' };
  const processor = unified();
  for (const [attacher, ...options] of tail) processor.use(attacher, ...options);
  return { processor: processor.freeze() };
}

parentPort.on('message', async ({ id, planId, plan, tree, path, data }) => {
  try {
    if (plan) {
      try {
        tails.set(planId, buildTail(plan));
      } catch (error) {
        tails.set(planId, { mismatch: `a tail the worker cannot build (${String(error).split('\n')[0]})` });
      }
    }
    const tail = tails.get(planId);
    if (!tail) throw new Error(`unknown plan ${planId}`);
    if (tail.mismatch) {
      parentPort.postMessage({ id, mismatch: tail.mismatch });
      return;
    }
    const before = { ...data };
    const file = new VFile({ path, data });
    const raw = { ran: rawHtml.RAW_HTML_STATS.ran, skipped: rawHtml.RAW_HTML_STATS.skipped };
    const code = String(tail.processor.stringify(await tail.processor.run(tree, file), file));
    const changed = {};
    for (const [key, value] of Object.entries(file.data)) if (before[key] !== value) changed[key] = value;
    const messages = file.messages.map(({ reason, place, ruleId, source }) => ({ reason, place, ruleId, source }));
    parentPort.postMessage({
      id,
      code,
      data: changed,
      messages,
      raw: { ran: rawHtml.RAW_HTML_STATS.ran - raw.ran, skipped: rawHtml.RAW_HTML_STATS.skipped - raw.skipped },
    });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack ?? error).split('\n').slice(0, 3).join(' | ') });
  }
});
