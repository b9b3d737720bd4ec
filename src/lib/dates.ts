/**
 * The date of «Последнее обновление» under a page, formatted without `Intl`.
 *
 * The theme formats it with `Intl.DateTimeFormat`; in the browser the first formatter of a page loads
 * the ICU data for Russian dates while the page hydrates (about 40 ms of main thread on the 2-core
 * machine, four times that under Lighthouse's CPU slowdown). The format is fixed («22 нояб. 2026 г.»,
 * the `ru` short form in UTC), so a table gives the same text on the server and in the browser.
 * tests/unit/dates.test.ts checks it against `Intl` for every month.
 */
const SHORT_MONTHS_RU = [
  'янв.',
  'февр.',
  'мар.',
  'апр.',
  'мая',
  'июн.',
  'июл.',
  'авг.',
  'сент.',
  'окт.',
  'нояб.',
  'дек.',
] as const;

/** `Intl.DateTimeFormat('ru', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })`. */
export function formatShortDateRu(date: Date): string {
  return `${date.getUTCDate()} ${SHORT_MONTHS_RU[date.getUTCMonth()]} ${date.getUTCFullYear()} г.`;
}
