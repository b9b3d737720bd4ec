// ESLint flat config: TypeScript sources of the site, its plugins, scripts and tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * One direction of imports (docs: README «Структура», /work/shared/design/architecture.md): `src/`
 * (the browser and the server render) never imports `plugins/` or `config/` (the build); `plugins/`
 * and `config/` reach into `src/` only through `src/shared/`, the layer both sides import; and
 * `src/shared/` imports nothing of the others, nor a DOM- or Node-only module. Type-only imports
 * count too (the core rule sees them). Scripts and tests may import anything. tests/unit/layers.test.ts
 * shows the rule at work. (`require()` of a .cjs and the boot's `createRequire` are not checked here.)
 */
const LAYER_MESSAGE = {
  client: 'src/ (outside src/shared/) does not import plugins/ or config/: move what both sides need to src/shared/ (eslint.config.mjs, «layers»).',
  build: 'plugins/ and config/ import from src/ only src/shared/: move what both sides need there (eslint.config.mjs, «layers»).',
  shared: 'src/shared/ imports only src/shared/ and packages without DOM or Node: no src/ outside it, no plugins/ or config/ (eslint.config.mjs, «layers»).',
  platform: 'src/shared/ is plain TypeScript: no Node (node:*, fs, path…) and no DOM or browser runtime module (eslint.config.mjs, «layers»).',
};
/** `plugins/…` or `config/…` by the alias or by any number of `../`. */
const BUILD_IMPORT = String.raw`^(?:@site/|(?:\.\./)+)(?:plugins|config)(?:/|$)`;
const NODE_MODULES = ['fs', 'fs/promises', 'path', 'os', 'url', 'module', 'crypto', 'child_process', 'worker_threads', 'zlib', 'stream', 'util', 'http', 'https', 'process', 'buffer', 'events'];
const sharedPlatform = [
  { regex: '^node:', message: LAYER_MESSAGE.platform },
  { group: NODE_MODULES, message: LAYER_MESSAGE.platform },
  { regex: String.raw`^(?:react-dom|@docusaurus|@theme(?:-original|-init)?|@generated)(?:/|$)`, message: LAYER_MESSAGE.platform },
];
/** `src/shared/` at `depth` folders below it: a relative import that climbs out of it. */
const leavesShared = (depth) => String.raw`^(?:\.\./){${depth + 1},}`;
const layers = [
  {
    name: 'layers/client',
    files: ['src/**/*.{ts,tsx,mjs,js}'],
    ignores: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: BUILD_IMPORT, message: LAYER_MESSAGE.client }] }] },
  },
  {
    name: 'layers/build',
    files: ['plugins/**/*.{ts,tsx,mjs,js}', 'config/**/*.{ts,tsx,mjs,js}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: String.raw`^(?:@site/|(?:\.\./)+)src(?:/(?!shared(?:/|$))|$)`, message: LAYER_MESSAGE.build }],
      }],
    },
  },
  ...[0, 1, 2, 3, 4].map((depth) => ({
    name: `layers/shared-depth-${depth}`,
    files: [`src/shared/${'*/'.repeat(depth)}*.{ts,tsx,mjs,js}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: leavesShared(depth), message: LAYER_MESSAGE.shared },
          { regex: String.raw`^@site/(?!src/shared/)`, message: LAYER_MESSAGE.shared },
          ...sharedPlatform,
        ],
      }],
      'no-restricted-globals': ['error',
        ...['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'process', 'require', '__dirname', '__filename', 'Buffer']
          .map((name) => ({ name, message: LAYER_MESSAGE.platform })),
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ['build/**', '.docusaurus/**', 'node_modules/**', 'dist/**', 'bench-results/**', 'build-variants/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // CommonJS files (bundler loaders): `require` is how they import.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...layers,
);
