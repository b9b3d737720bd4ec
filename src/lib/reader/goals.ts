/**
 * Signals for writers, sent as goals of the web-analytics counter (Yandex Metrica) in builds that
 * have one: the page feedback («Была ли страница полезной?») and the search goals. Pure and
 * unit-tested; the browser side is src/lib/analytics/goals.ts (shipped only in builds with the
 * counter: plugins/analytics). The goals and how to set them up in the counter: MAINTAINING.md, «Сигналы читателей».
 */

/** Goal identifiers, as they appear in the counter's reports. */
export const GOALS = {
  /** A feedback answer: `{page, answer, reason}`. */
  feedback: 'page_feedback',
  /** A settled query with hits: `{query, hits, version}`. */
  search: 'search_query',
  /** A settled query without hits: `{query, hits: 0, version}`. */
  searchEmpty: 'search_no_results',
  /** A hit opened from the search dialog: `{query, rank, url, version}`. */
  hitOpen: 'search_hit_open',
} as const;

export type GoalName = (typeof GOALS)[keyof typeof GOALS];
export type GoalParams = Record<string, string | number>;
export type SendGoal = (goal: GoalName, params: GoalParams) => void;

/** Longest query a goal carries, in characters. */
export const GOAL_QUERY_LIMIT = 100;
/** How long the reader must stop typing before a query counts as settled (ms). */
export const SEARCH_SETTLE_MS = 1500;

/** Control, bidi-override and zero-width characters: never sent. */
// eslint-disable-next-line no-control-regex
const UNSENDABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufffd]/g;

/**
 * A query as a goal carries it: plain text (it is never interpreted, HTML stays text), without
 * control, bidi or zero-width characters and broken-encoding marks, spaces collapsed, cut to
 * GOAL_QUERY_LIMIT characters (whole code points, no half of a surrogate pair).
 */
export function goalQuery(query: string): string {
  return sendableText(query, GOAL_QUERY_LIMIT);
}

/** The rule of goalQuery with another limit (the signals sent to the site: src/lib/reader/signals.ts). */
export function sendableText(text: string, limit: number): string {
  const clean = text.replace(UNSENDABLE, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(clean).slice(0, limit).join('').trim();
}

/**
 * The docs version a search ran in, from its facet filters (`docusaurus_tag:docs-default-9.0` →
 * `9.0`); `upgrade` for the upgrade notes alone; `site` when no docs version is in the filters.
 */
export function searchVersion(facetFilters: unknown): string {
  const flat = [facetFilters].flat(3).filter((value): value is string => typeof value === 'string');
  for (const filter of flat) {
    const match = /^docusaurus_tag:docs-default-(.+)$/.exec(filter);
    if (match) return match[1]!;
  }
  return flat.some((filter) => filter.startsWith('docusaurus_tag:docs-upgrade-')) ? 'upgrade' : 'site';
}

/** Reasons a reader can give for «Нет». */
export const FEEDBACK_REASONS = [
  { id: 'missing', label: 'Нет нужного' },
  { id: 'error', label: 'Ошибка в тексте' },
  { id: 'unclear', label: 'Непонятно' },
  { id: 'outdated', label: 'Устарело' },
] as const;

export type FeedbackReason = (typeof FEEDBACK_REASONS)[number]['id'] | 'none';
export type FeedbackAnswer = 'yes' | 'no';

/** Where the browser remembers the reader's answer for a page (one answer per page per reader). */
export function feedbackKey(pathname: string): string {
  const path = pathname.replace(/\/index\.html$/, '/').replace(/\/+$/, '') || '/';
  return `monq-feedback:${path}`;
}

/** The goal parameters of a feedback answer. */
export function feedbackParams(pathname: string, answer: FeedbackAnswer, reason: FeedbackReason | null): GoalParams {
  return { page: pathname, answer, reason: answer === 'yes' ? '' : reason ?? 'none' };
}

/** «Сообщить о проблеме»: a new issue in the repository with the page's address filled in. */
export function feedbackIssueUrl(issuesUrl: string, pageUrl: string, title: string): string {
  const separator = issuesUrl.includes('?') ? '&' : '?';
  const issueTitle = `Страница: ${title}`.slice(0, 200);
  const body = `Адрес страницы: ${pageUrl}\n\nЧто не так на странице:\n`;
  return `${issuesUrl}${separator}title=${encodeURIComponent(issueTitle)}&body=${encodeURIComponent(body)}`;
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface SearchSignals {
  /** The results of a query arrived (the latest query of the dialog). */
  results(query: string, hits: number, version: string): void;
  /** The reader opened a hit: `rank` counts from 1, in the order the dialog showed the hits. */
  hitOpen(url: string, rank: number): void;
  /** The dialog closed: a query waiting to settle is settled now. */
  close(): void;
}

/**
 * The search goals of one page: a query is sent once it has settled (no new results for
 * `settleMs`, or the reader opened a hit or closed the dialog first), never per keystroke, and the
 * same settled query is not sent twice in a row. A query with no hits is its own goal.
 */
export function createSearchSignals(send: SendGoal, timers: Timers, settleMs = SEARCH_SETTLE_MS): SearchSignals {
  let pending: { query: string; hits: number; version: string } | null = null;
  let timer: unknown = null;
  let lastSent: string | null = null;
  let lastVersion = 'site';
  let lastQuery = '';

  const stop = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const settle = () => {
    stop();
    if (!pending) return;
    const { query, hits, version } = pending;
    pending = null;
    const key = `${version}\u0000${query}`;
    if (key === lastSent) return;
    lastSent = key;
    send(hits === 0 ? GOALS.searchEmpty : GOALS.search, { query, hits, version });
  };

  return {
    results(query, hits, version) {
      const text = goalQuery(query);
      stop();
      if (text === '') {
        pending = null;
        return;
      }
      pending = { query: text, hits, version };
      lastQuery = text;
      lastVersion = version;
      timer = timers.set(settle, settleMs);
    },
    hitOpen(url, rank) {
      settle();
      if (lastQuery === '') return;
      send(GOALS.hitOpen, { query: lastQuery, rank, url, version: lastVersion });
    },
    close() {
      settle();
      lastQuery = '';
      lastSent = null;
    },
  };
}
