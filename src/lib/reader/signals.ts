/**
 * The writers' signals sent to the site's own host (`DOCS_SIGNALS=site`): the same goals as the
 * counter's (src/lib/reader/goals.ts), each one GET request to `/_signals` with its fields as query
 * parameters, which deploy/nginx answers with 204 and writes to a log of its own (time and these
 * fields only). Pure and unit-tested; the browser side is src/lib/analytics/site.ts, the report of the
 * log scripts/signals-report.ts.
 */
import { SIGNALS_PATH } from '../../shared/signals';
import { GOAL_QUERY_LIMIT, sendableText, type GoalName, type GoalParams } from './goals';

/* The path the signals go to: src/shared/signals.ts (`SIGNALS_PATH`, shared with plugins/analytics). */

/**
 * Every parameter a signal may carry, in the order they are sent. `goal` is the goal's name; the
 * others are the goal's own parameters, `version` added to the feedback (the docs version of the page).
 */
export const SIGNAL_FIELDS = ['goal', 'page', 'answer', 'reason', 'query', 'hits', 'rank', 'url', 'version'] as const;
export type SignalField = (typeof SIGNAL_FIELDS)[number];

/** Longest address (`page`, `url`) a signal carries, in characters. */
export const SIGNAL_PATH_LIMIT = 300;
/** Longest short value (`answer`, `reason`, `version`, `goal`), in characters. */
export const SIGNAL_WORD_LIMIT = 40;

/**
 * A field's value as a signal carries it: the counter's sanitizing (no control, bidi or zero-width
 * characters, spaces collapsed), cut to the field's limit; numbers as whole non-negative numbers.
 */
export function signalValue(field: SignalField, value: string | number): string {
  if (field === 'hits' || field === 'rank') {
    const number = Number(value);
    return Number.isSafeInteger(number) && number >= 0 ? String(number) : '';
  }
  const limit = field === 'query' ? GOAL_QUERY_LIMIT : field === 'page' || field === 'url' ? SIGNAL_PATH_LIMIT : SIGNAL_WORD_LIMIT;
  return sendableText(String(value), limit);
}

/**
 * The docs version of a page, by its path: `/docs/8.9/…` → `8.9`, `/docs/next/…` → `next`, other
 * `/docs/…` → the latest version, `/upgrade/…` → `upgrade`, anything else `site`.
 */
export function pageVersion(pathname: string, latest: string): string {
  const match = /^\/docs\/(\d+\.\d+|next)(?:\/|$)/.exec(pathname);
  if (match) return match[1]!;
  if (/^\/docs(?:\/|$)/.test(pathname)) return latest;
  if (/^\/upgrade(?:\/|$)/.test(pathname)) return 'upgrade';
  return 'site';
}

/**
 * The address of one signal: `<base>_signals?goal=…&…`, the allowed fields only, empty ones left out.
 * `latest` names the version of `/docs/…` pages, for a feedback answer without a `version`.
 */
export function signalUrl(baseUrl: string, goal: GoalName, params: GoalParams, latest: string): string {
  const values: Partial<Record<SignalField, string | number>> = { ...params, goal };
  if (values.version === undefined && typeof params.page === 'string') values.version = pageVersion(params.page, latest);
  const search = new URLSearchParams();
  for (const field of SIGNAL_FIELDS) {
    const raw = values[field];
    if (raw === undefined) continue;
    const value = signalValue(field, raw);
    if (value !== '') search.set(field, value);
  }
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  // `%20`, not `+`: nginx logs the parameters as they arrive, and the report decodes them with decodeURIComponent
  return `${base}${SIGNALS_PATH}?${search.toString().replace(/\+/g, '%20')}`;
}
