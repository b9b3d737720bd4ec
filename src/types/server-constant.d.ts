/**
 * `true` in the server bundle, `false` in the browser's: defined by plugins/perf (`SERVER_CONSTANT`)
 * in both bundles, and nowhere else (a module that reads it is not for unit tests in Node).
 */
declare const __MONQ_SERVER__: boolean;

/** `false` when the build turns the build-time code tokens off (`DOCS_PRIVATE_OFF=code-tokens`, plugins/perf). */
declare const __MONQ_CODE_TOKENS__: boolean;

/**
 * `false` with `DOCS_PRIVATE_OFF=kept-article` (src/lib/article/README.md), else `true`: defined by
 * plugins/perf (`KEPT_ARTICLE_CONSTANT`) in both bundles.
 */
declare const __MONQ_KEPT_ARTICLE__: boolean;
