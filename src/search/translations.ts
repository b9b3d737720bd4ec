/**
 * Every string of the DocSearch button and modal, in Russian, passed as the
 * `translations` prop. Docusaurus maps only part of DocSearch 4.7's strings to
 * `theme.SearchModal.*` ids, and some of its Russian defaults are still
 * English: the ids it knows are translated in `i18n/ru/code.json`; the strings
 * it does not map get ids of their own under `theme.SearchModal.*` too.
 *
 * These strings load with the dialog (src/search/dialogParts.ts) and with the search page; the
 * button's label, which every page shows, is in buttonTranslations.ts.
 */
import {translate} from '@docusaurus/Translate';
import type {DocSearchTranslations} from '@docsearch/react';

type ModalTranslations = NonNullable<DocSearchTranslations['modal']>;

const t = (id: string, message: string) => translate({id, message});

/**
 * DocSearch's strings. `mode` `local`: the footer credits no one (our own search answers, not the
 * hosted service whose logo it would show).
 */
export function modalTranslations(mode: 'local' | 'hosted' = 'hosted'): ModalTranslations {
  const reset = t('theme.SearchModal.searchBox.resetButtonTitle', 'Очистить запрос');
  const cancel = t('theme.SearchModal.searchBox.cancelButtonText', 'Отменить');
  return {
    searchBox: {
      clearButtonTitle: reset,
      clearButtonAriaLabel: reset,
      closeButtonText: cancel,
      closeButtonAriaLabel: cancel,
      placeholderText: t('theme.SearchModal.searchBox.placeholderText', 'Поиск по документации'),
      placeholderTextAskAi: t('theme.SearchModal.searchBox.placeholderTextAskAi', 'Задайте другой вопрос…'),
      placeholderTextAskAiStreaming: t('theme.SearchModal.searchBox.placeholderTextAskAiStreaming', 'Готовим ответ…'),
      enterKeyHint: t('theme.SearchModal.searchBox.enterKeyHint', 'найти'),
      enterKeyHintAskAi: t('theme.SearchModal.searchBox.enterKeyHintAskAi', 'спросить'),
      searchInputLabel: t('theme.SearchModal.searchBox.searchInputLabel', 'Поиск'),
      backToKeywordSearchButtonText: t(
        'theme.SearchModal.searchBox.backToKeywordSearchButtonText',
        'Назад к поиску по словам',
      ),
      backToKeywordSearchButtonAriaLabel: t(
        'theme.SearchModal.searchBox.backToKeywordSearchButtonAriaLabel',
        'Назад к поиску по словам',
      ),
      newConversationPlaceholder: t('theme.SearchModal.searchBox.newConversationPlaceholder', 'Задайте вопрос'),
      conversationHistoryTitle: t('theme.SearchModal.searchBox.conversationHistoryTitle', 'История вопросов'),
      startNewConversationText: t('theme.SearchModal.searchBox.startNewConversationText', 'Новый вопрос'),
      viewConversationHistoryText: t('theme.SearchModal.searchBox.viewConversationHistoryText', 'История вопросов'),
      threadDepthErrorPlaceholder: t(
        'theme.SearchModal.searchBox.threadDepthErrorPlaceholder',
        'Достигнут предел длины диалога',
      ),
    },
    startScreen: {
      recentSearchesTitle: t('theme.SearchModal.startScreen.recentSearchesTitle', 'Недавнее'),
      noRecentSearchesText: t('theme.SearchModal.startScreen.noRecentSearchesText', 'Нет истории поиска'),
      saveRecentSearchButtonTitle: t('theme.SearchModal.startScreen.saveRecentSearchButtonTitle', 'Сохранить поисковый запрос'),
      removeRecentSearchButtonTitle: t(
        'theme.SearchModal.startScreen.removeRecentSearchButtonTitle',
        'Удалить запрос из истории',
      ),
      favoriteSearchesTitle: t('theme.SearchModal.startScreen.favoriteSearchesTitle', 'Избранное'),
      removeFavoriteSearchButtonTitle: t(
        'theme.SearchModal.startScreen.removeFavoriteSearchButtonTitle',
        'Удалить запрос из избранного',
      ),
      recentConversationsTitle: t('theme.SearchModal.startScreen.recentConversationsTitle', 'Недавние вопросы'),
      removeRecentConversationButtonTitle: t(
        'theme.SearchModal.startScreen.removeRecentConversationButtonTitle',
        'Удалить вопрос из истории',
      ),
    },
    errorScreen: {
      titleText: t('theme.SearchModal.errorScreen.titleText', 'Не удалось загрузить результаты поиска'),
      helpText: t('theme.SearchModal.errorScreen.helpText', 'Проверьте подключение к интернету.'),
    },
    noResultsScreen: {
      noResultsText: t('theme.SearchModal.noResultsScreen.noResultsText', 'Нет результатов по запросу'),
      suggestedQueryText: t('theme.SearchModal.noResultsScreen.suggestedQueryText', 'Попробуйте поискать'),
      reportMissingResultsText: t(
        'theme.SearchModal.noResultsScreen.reportMissingResultsText',
        'Считаете, что по этому запросу должны быть результаты?',
      ),
      reportMissingResultsLinkText: t('theme.SearchModal.noResultsScreen.reportMissingResultsLinkText', 'Сообщите нам.'),
    },
    resultsScreen: {
      askAiPlaceholder: t('theme.SearchModal.resultsScreen.askAiPlaceholder', 'Спросить ИИ: '),
      noResultsAskAiPlaceholder: t(
        'theme.SearchModal.resultsScreen.noResultsAskAiPlaceholder',
        'Не нашли ответ в документации? Спросите ИИ: ',
      ),
    },
    askAiScreen: {
      disclaimerText: t(
        'theme.SearchModal.askAiScreen.disclaimerText',
        'Ответы формирует ИИ, и в них возможны ошибки. Проверяйте ответы по документации.',
      ),
      relatedSourcesText: t('theme.SearchModal.askAiScreen.relatedSourcesText', 'Источники'),
      thinkingText: t('theme.SearchModal.askAiScreen.thinkingText', 'Думаю…'),
      copyButtonText: t('theme.SearchModal.askAiScreen.copyButtonText', 'Копировать'),
      copyButtonCopiedText: t('theme.SearchModal.askAiScreen.copyButtonCopiedText', 'Скопировано'),
      copyButtonTitle: t('theme.SearchModal.askAiScreen.copyButtonTitle', 'Копировать'),
      likeButtonTitle: t('theme.SearchModal.askAiScreen.likeButtonTitle', 'Полезный ответ'),
      dislikeButtonTitle: t('theme.SearchModal.askAiScreen.dislikeButtonTitle', 'Бесполезный ответ'),
      thanksForFeedbackText: t('theme.SearchModal.askAiScreen.thanksForFeedbackText', 'Спасибо за отзыв!'),
      preToolCallText: t('theme.SearchModal.askAiScreen.preToolCallText', 'Ищем…'),
      duringToolCallText: t('theme.SearchModal.askAiScreen.duringToolCallText', 'Ищем: '),
      afterToolCallText: t('theme.SearchModal.askAiScreen.afterToolCallText', 'Найдено по запросу'),
      aggregatedToolCallText: (queries: string[]) => ({
        before: queries.length > 1 ? 'Найдено по запросам ' : 'Найдено по запросу ',
        separator: ', ',
        lastSeparator: ' и ',
        after: '',
      }),
      stoppedStreamingText: t('theme.SearchModal.askAiScreen.stoppedStreamingText', 'Ответ остановлен'),
      errorTitleText: t('theme.SearchModal.askAiScreen.errorTitleText', 'ИИ-ассистент недоступен'),
      startNewConversationButtonText: t(
        'theme.SearchModal.askAiScreen.startNewConversationButtonText',
        'Задать новый вопрос',
      ),
    },
    newConversation: {
      newConversationTitle: t('theme.SearchModal.newConversation.newConversationTitle', 'Чем помочь?'),
      newConversationDescription: t(
        'theme.SearchModal.newConversation.newConversationDescription',
        'Ответ строится по документации. Проверяйте его по найденным источникам.',
      ),
    },
    footer: {
      selectText: t('theme.SearchModal.footer.selectText', 'выбрать'),
      submitQuestionText: t('theme.SearchModal.footer.submitQuestionText', 'отправить вопрос'),
      selectKeyAriaLabel: t('theme.SearchModal.footer.selectKeyAriaLabel', 'Клавиша Enter'),
      navigateText: t('theme.SearchModal.footer.navigateText', 'навигация'),
      navigateUpKeyAriaLabel: t('theme.SearchModal.footer.navigateUpKeyAriaLabel', 'Клавиша «стрелка вверх»'),
      navigateDownKeyAriaLabel: t('theme.SearchModal.footer.navigateDownKeyAriaLabel', 'Клавиша «стрелка вниз»'),
      closeText: t('theme.SearchModal.footer.closeText', 'закрыть'),
      backToSearchText: t('theme.SearchModal.footer.backToSearchText', 'назад к поиску'),
      closeKeyAriaLabel: t('theme.SearchModal.footer.closeKeyAriaLabel', 'Клавиша Escape'),
      poweredByText: mode === 'local' ? '' : t('theme.SearchModal.footer.searchByText', 'Поиск от'),
    },
  };
}

/** Strings of the project's own screens inside the modal and of the search page. */
export function searchTexts() {
  return {
    devIndexHelp: t(
      'theme.SearchModal.errorScreen.devHelpText',
      'Поисковый индекс создаётся при сборке сайта (npm run build). Под docusaurus start его нет: проверьте поиск на собранном сайте (npm run serve).',
    ),
    askAiTitle: t('theme.SearchModal.offlineAi.title', 'Спросить ИИ'),
    askAiQuestion: t('theme.SearchModal.offlineAi.questionLabel', 'Ваш вопрос'),
    askAiNotConnected: t(
      'theme.SearchModal.offlineAi.notConnected',
      'ИИ-ассистент в этой установке не подключён. Здесь нет сгенерированного ответа: ниже — цитата из документации, которую поиск счёл ближайшей к вопросу, и подходящие разделы.',
    ),
    askAiCaution: t(
      'theme.SearchModal.offlineAi.caution',
      'Цитата подобрана поиском по словам вопроса и может отвечать на него не полностью. Прочитайте раздел, из которого она взята.',
    ),
    askAiPassage: t('theme.SearchModal.offlineAi.passageTitle', 'Цитата из документации'),
    askAiSources: t('theme.SearchModal.offlineAi.sourcesTitle', 'Подходящие разделы документации'),
    askAiNoSources: t('theme.SearchModal.offlineAi.noSources', 'Подходящих разделов не нашлось. Попробуйте сформулировать вопрос иначе.'),
    askAiSourcesFailed: t('theme.SearchModal.offlineAi.sourcesFailed', 'Не удалось загрузить разделы документации.'),
    askAiBack: t('theme.SearchModal.offlineAi.backToSearch', 'Вернуться к поиску'),
    askAiLoading: t('theme.SearchModal.offlineAi.loading', 'Ищем подходящие разделы…'),
    seeAllPlain: t('theme.SearchBar.seeAllPlain', 'Посмотреть все результаты'),
    layoutShown: (query: string) =>
      translate({id: 'theme.SearchModal.layoutNotice.shown', message: 'Показаны результаты по запросу «{query}».'}, {query}),
    layoutSearchTyped: (query: string) =>
      translate({id: 'theme.SearchModal.layoutNotice.searchTyped', message: 'Искать «{query}»'}, {query}),
    seeAll: (count: number) =>
      translate({id: 'theme.SearchBar.seeAll', message: 'Посмотреть все результаты ({count})'}, {count}),
  };
}
