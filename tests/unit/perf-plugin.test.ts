/** plugins/perf: what the client bundle gets and what the server bundle keeps. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { Configuration } from 'webpack';
import perfPlugin, { CLIENT_CHUNK_FILENAME, REGISTRY_MODULE } from '../../plugins/perf/index';

const require = createRequire(import.meta.url);
const registryLoader = require('../../plugins/perf/registry-loader.cjs') as (source: string) => string;

const REGISTRY = `export default {
  "00706df2": [() => import(/* webpackChunkName: "00706df2" */ "@site/upgrade/v8/v8-2-0.md"), "@site/upgrade/v8/v8-2-0.md", require.resolveWeak("@site/upgrade/v8/v8-2-0.md")],
  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
};
`;

test('the client registry keeps each loader and module id, and drops the module path', () => {
  const out = registryLoader(REGISTRY);
  assert.equal(
    out,
    REGISTRY.replace(', "@site/upgrade/v8/v8-2-0.md", require', ', "", require').replace(', "@theme/DocItem", require', ', "", require'),
  );
  assert.match(out, /import\(\/\* webpackChunkName: "00706df2" \*\/ "@site\/upgrade\/v8\/v8-2-0\.md"\)/);
  assert.match(out, /require\.resolveWeak\("@theme\/DocItem"\)/);
});

test('the client production bundle names chunks by id and loads the registry through the loader; the server bundle only gets the alias', () => {
  const plugin = perfPlugin();
  const configure = plugin.configureWebpack as unknown as (config: Configuration, isServer: boolean) => Configuration;
  const client = configure({ mode: 'production' }, false);
  assert.equal(client.output?.chunkFilename, CLIENT_CHUNK_FILENAME);
  const rule = client.module?.rules?.[0] as { test: RegExp };
  assert.ok(rule.test === REGISTRY_MODULE);
  assert.ok(REGISTRY_MODULE.test('/site/.docusaurus/registry.js'));
  assert.ok(!REGISTRY_MODULE.test('/site/.docusaurus/routes.js'));
  const server = configure({ mode: 'production' }, true);
  assert.equal(server.output, undefined);
  assert.equal(server.module, undefined);
  assert.match(String((server.resolve?.alias as Record<string, string>)['prism-react-renderer$']), /highlight\.tsx$/);
  assert.equal(configure({ mode: 'development' }, false).output, undefined);
});
