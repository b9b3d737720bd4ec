/**
 * Every environment switch of the site, read once and named here.
 * Nothing else in the project reads `process.env` (the README lists these switches).
 */

export interface SiteEnv {
  /** `DOCS_PREVIEW_NEXT=true`: build the unreleased next version from `docs/` (with the unreleased banner). */
  previewNext: boolean;
  /** `DOCS_FASTER=false`: escape hatch that turns Docusaurus Faster (Rspack, SWC, LightningCSS) off. */
  faster: boolean;
  /** `DOCS_PREACT=false`: escape hatch that puts the browser bundle back on react-dom instead of preact/compat. */
  preact: boolean;
  /**
   * `DOCS_HYDRATION=load`: escape hatch that loads the browser bundle with every page, as stock
   * Docusaurus does. The default, `intent`, starts it at the reader's first input
   * (src/lib/hydration/boot.ts), with an analytics counter too: the counter's inline snippet counts
   * the first view on load without starting the page's scripts (src/shared/metrica.ts).
   */
  hydration: 'intent' | 'load';
  /**
   * `DOCS_KEPT_ARTICLE=false`: the opened doc page renders its compiled Markdown in the browser, as
   * stock Docusaurus does, instead of keeping the server's article (src/lib/article/README.md). For
   * measuring the kept article against the build without it.
   */
  keptArticle: boolean;
  /**
   * `DOCS_BUILD_CACHE=true`: keep the bundler's persistent cache (`node_modules/.cache/rspack`) in
   * `docusaurus build`, for a writer who builds the same checkout again and again. Off by default: a
   * clean build (CI, a fresh clone) never reads it and only pays for writing it. The development
   * server keeps it either way.
   */
  buildCache: boolean;
  /** `DOCS_PR_PREVIEW=true`: a pull-request preview build; analytics stay off whatever else is set. */
  prPreview: boolean;
  /** `YANDEX_METRICA_ID`: web-analytics counter id; without it nothing is loaded or sent. */
  metricaId: string | null;
  /**
   * `DOCS_SIGNALS=site`: the writers' signals (page feedback, search goals) also go to the site's own
   * host, as GET requests to `/_signals` that deploy/nginx answers and logs (plugins/analytics,
   * src/lib/reader/signals.ts). Off by default and in pull-request previews; it may be on with the
   * counter or without it.
   */
  siteSignals: boolean;
  /** Hosted search (DocSearch) settings; `null` means the local index (the default). */
  docsearch: HostedSearchEnv | null;
}

export interface HostedSearchEnv {
  /** `DOCSEARCH_APP_ID` */
  appId: string;
  /** `DOCSEARCH_API_KEY` (search-only key) */
  apiKey: string;
  /** `DOCSEARCH_INDEX_NAME`, default `monq` */
  indexName: string;
  /** `DOCSEARCH_ASSISTANT_ID`: turns on the Ask AI mode of the hosted service */
  assistantId: string | null;
}

type RawEnv = Record<string, string | undefined>;

/** An on/off switch: unset or blank gives the default; `1`, `true`, `yes` and `on` (any case) turn it on. */
function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Pure reader, unit-tested: the config calls it once with `process.env`. */
export function readEnv(raw: RawEnv): SiteEnv {
  const prPreview = flag(raw.DOCS_PR_PREVIEW, false);
  const appId = text(raw.DOCSEARCH_APP_ID);
  const apiKey = text(raw.DOCSEARCH_API_KEY);
  const metricaId = text(raw.YANDEX_METRICA_ID);
  if (metricaId !== null && !/^\d+$/.test(metricaId)) {
    throw new Error(`YANDEX_METRICA_ID must be a number, got "${metricaId}"`);
  }
  const signals = text(raw.DOCS_SIGNALS)?.toLowerCase() ?? 'off';
  if (signals !== 'site' && signals !== 'off') {
    throw new Error(`DOCS_SIGNALS must be "site" or "off", got "${signals}"`);
  }
  const hydration = text(raw.DOCS_HYDRATION)?.toLowerCase() ?? 'intent';
  if (hydration !== 'intent' && hydration !== 'load') {
    throw new Error(`DOCS_HYDRATION must be "intent" or "load", got "${hydration}"`);
  }
  return {
    previewNext: flag(raw.DOCS_PREVIEW_NEXT, false),
    faster: flag(raw.DOCS_FASTER, true),
    preact: flag(raw.DOCS_PREACT, true),
    hydration,
    keptArticle: flag(raw.DOCS_KEPT_ARTICLE, true),
    buildCache: flag(raw.DOCS_BUILD_CACHE, false),
    prPreview,
    metricaId: prPreview ? null : metricaId,
    siteSignals: !prPreview && signals === 'site',
    docsearch:
      appId && apiKey
        ? {
            appId,
            apiKey,
            indexName: text(raw.DOCSEARCH_INDEX_NAME) ?? 'monq',
            assistantId: text(raw.DOCSEARCH_ASSISTANT_ID),
          }
        : null,
  };
}
