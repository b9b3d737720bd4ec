/**
 * REPLACES @docusaurus/theme-search-algolia/src/theme/SearchTranslations (Docusaurus 3.10.2).
 *
 * Why replaced: the original builds every DocSearch string, with English defaults, when main.js loads.
 * Here the dialog's strings come from src/search/translations.ts, which the SearchBar loads with the
 * dialog, together with their Russian texts (src/search/searchStrings.ts). The theme itself reads this
 * module in one place, `useAlgoliaAskAi` (the search box placeholder, on every render of the
 * SearchBar), before those texts are there. So each string is read when it is asked for, and its
 * default is Russian: nothing English can reach the page, whichever part is loaded.
 */
import {translate} from '@docusaurus/Translate';
import type SearchTranslations from '@theme/SearchTranslations';
import {buttonTranslations} from '@site/src/search/buttonTranslations';

const placeholderText = () =>
  translate({id: 'theme.SearchModal.searchBox.placeholderText', message: 'Поиск по документации'});

const translations: typeof SearchTranslations = {
  get button() {
    return buttonTranslations();
  },
  get modal() {
    return {
      searchBox: {
        placeholderText: placeholderText(),
        placeholderTextAskAi: translate({
          id: 'theme.SearchModal.searchBox.placeholderTextAskAi',
          message: 'Задайте другой вопрос…',
        }),
      },
    };
  },
  get placeholder() {
    return translate({id: 'theme.SearchModal.placeholder', message: 'Поиск'});
  },
};

export default translations;
