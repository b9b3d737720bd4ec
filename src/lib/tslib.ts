/**
 * The tslib helpers of Docusaurus's browser code. Its packages are CommonJS compiled by TypeScript:
 * each module starts with `const tslib_1 = require("tslib")`, and from that object the bundler
 * cannot tell which helpers are used, so all of tslib reached `main.js` (about 3.7 KB gzip). The
 * client config resolves `tslib` to this module for `@docusaurus/*` packages only
 * (plugins/perf/index.ts): the two helpers they call, from tslib's ES build, nothing else.
 * tests/unit/perf-plugin.test.ts checks that the installed packages call no other helper.
 */
export { __importDefault, __importStar } from 'tslib';
