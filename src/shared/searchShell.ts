/**
 * The strings of the search shell (src/lib/hydration/searchShell.ts): the dialog's own (the translation
 * ids in the comments; a unit test compares them with i18n/ru/code.json). The inline boot
 * (src/lib/hydration/boot.ts) is compiled with them.
 */

export const SEARCH_SHELL_TEXT = {
  /** `theme.SearchModal.searchBox.searchInputLabel` */
  label: 'Поиск',
  /** `theme.SearchModal.searchBox.placeholderText` */
  placeholder: 'Поиск по документации',
  /** `theme.SearchModal.searchBox.cancelButtonText` */
  cancel: 'Отменить',
  /** `monq.loading.inProgress` (src/lib/reader/loading.ts) */
  loading: 'Загрузка…',
  /** `theme.SearchModal.noResultsScreen.noResultsText` */
  noResults: 'Нет результатов по запросу',
} as const;
