/**
 * EJECTED from @docusaurus/theme-search-algolia/src/theme/SearchBar/index.tsx (Docusaurus 3.10.2).
 *
 * Why ejected rather than wrapped: the original renders, on every page,
 * `<link rel="preconnect" href="https://<appId>-dsn.algolia.net">` through <Head>. In local mode no
 * request may leave the host, and a wrapper cannot take that tag out (react-helmet would add it again
 * after hydration). Everything else of the original is kept; the changes are marked CUSTOM CODE:
 *
 * - the preconnect only in hosted mode;
 * - the search client: the local index (src/search) or the hosted one (chosen by useSearchBackend,
 *   shared with the search page), wrapped so that failures, the real hit count and the keyboard
 *   layout switch are recorded (src/search/status.ts);
 * - in local mode the search worker (src/search/worker.ts) starts ahead of the first query: when the
 *   reader points at or focuses the search button, and otherwise in idle time a few seconds after the
 *   page's script started (the reader's first input), once the page is interactive;
 * - Russian strings for every DocSearch 4.7 string (src/search/translations.ts);
 * - the project's error screen and offline «Спросить ИИ» screen (src/search/ModalPanels.tsx);
 * - the dialog's strings and panels load with the dialog (src/search/dialogParts.ts), not on every page;
 * - the "see all results" footer with the count of the latest query, not the sum of keystrokes;
 * - the "report missing results" link built from the query;
 * - a hit is a plain link that navigates in the app and preloads its page when pointed at or touched,
 *   not a Link that prefetches every visible hit's page on each list of results;
 * - while the dialog's chunk loads, the spinner after a delay, or the error if it fails
 *   (src/search/DialogLoading.tsx); a prefetch that fails stays quiet until the reader opens the dialog;
 * - the dialog takes over the search shell that the inline boot opened on a first click, with what the
 *   reader typed into it (src/lib/hydration/searchShell.ts);
 * - in builds with the analytics counter or `DOCS_SIGNALS=site`, the search goals: a settled query, a query without hits, a
 *   hit opened with its rank (`@monq/goals`: nothing at all in other builds; src/lib/reader/goals.ts).
 */
import React, {useCallback, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {isRegexpStringMatch, useSearchLinkCreator} from '@docusaurus/theme-common';
import {
  useSearchResultUrlProcessor,
  useAlgoliaAskAi,
  mergeFacetFilters,
} from '@docusaurus/theme-search-algolia/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {DocSearchModal as DocSearchModalType, DocSearchHit} from '@docsearch/react';
// CUSTOM CODE
import {latestOnly, withVerbatim, type LocalDocSearchClient} from '@site/src/search/clients';
import {useSearchBackend} from '@site/src/search/useSearchBackend';
import type * as DialogParts from '@site/src/search/dialogParts';
import DialogLoading from '@site/src/search/DialogLoading';
import {trackLazyLoad, type LoadingProps} from '@site/src/lib/reader/loading';
import {missingResultsUrl, SEARCH_PRELOAD_DELAY_MS, type MonqSearchOptions} from '@site/src/shared/search/options';
import {createSearchStatusStore, trackSearchClient, type SearchStatusStore} from '@site/src/search/status';
import {buttonTranslations} from '@site/src/search/buttonTranslations';
import {isPlainClick} from '@site/src/lib/article/links';
import {takeOverSearchShell, type TakenShell} from '@site/src/lib/hydration/searchShell';
import {hitRank, searchSignals} from '@monq/goals';
import {searchVersion} from '@site/src/lib/reader/goals';
import {useContextualFilters} from '@site/src/search/useContextualFilters';
import '@site/src/search/search.css';
// CUSTOM CODE END

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyProps = Record<string, any>;

let DocSearchModal: typeof DocSearchModalType | null = null;
// CUSTOM CODE: the dialog's strings and panels, loaded with the modal.
let dialogParts: typeof DialogParts | null = null;
// CUSTOM CODE END

function importDocSearchModalIfNeeded() {
  if (DocSearchModal && dialogParts) {
    return Promise.resolve();
  }
  return Promise.all([
    import('@docsearch/react/modal'),
    import('@docsearch/react/style'),
    // CUSTOM CODE
    import('@site/src/search/dialogParts'),
    // CUSTOM CODE END
  ]).then(([{DocSearchModal: Modal}, , parts]) => {
    DocSearchModal = Modal;
    dialogParts = parts;
  });
}

// CUSTOM CODE: a prefetch (hover, focus, touch) that fails is reported only when the reader opens the dialog.
function prefetchDocSearchModal(): void {
  importDocSearchModalIfNeeded().catch(() => undefined);
}
// A click on the search button or Ctrl+K made before the page was interactive (src/lib/hydration/boot.ts
// marks <html data-search-pending> and replays it later) starts loading the dialog now, while the page
// hydrates, so the replayed click finds it.
if (typeof document !== 'undefined' && document.documentElement.hasAttribute('data-search-pending')) {
  prefetchDocSearchModal();
}
// CUSTOM CODE END

function useNavigator({externalUrlRegex}: {externalUrlRegex?: string}) {
  const history = useHistory();
  const [navigator] = useState(() => {
    return {
      navigate(params: {itemUrl: string}) {
        // CUSTOM CODE: a hit opened from the keyboard (a click goes through Hit).
        searchSignals().hitOpen(params.itemUrl, hitRank(params.itemUrl));
        // CUSTOM CODE END
        // Algolia results could contain URL's from other domains which cannot
        // be served through history and should navigate with window.location
        if (isRegexpStringMatch(externalUrlRegex, params.itemUrl)) {
          window.location.href = params.itemUrl;
        } else {
          history.push(params.itemUrl);
        }
      },
    };
  });
  return navigator;
}

// CUSTOM CODE: the local or hosted client, tracked.
function useTransformSearchClient(local: LocalDocSearchClient | null, store: SearchStatusStore) {
  const {
    siteMetadata: {docusaurusVersion},
  } = useDocusaurusContext();
  return useCallback(
    (searchClient: any) => {
      if (local) {
        return latestOnly(trackSearchClient(withVerbatim(local, () => store.get().verbatim), store)) as any;
      }
      searchClient.addAlgoliaAgent('docusaurus', docusaurusVersion);
      return trackSearchClient(searchClient, store);
    },
    [docusaurusVersion, local, store],
  );
}
// CUSTOM CODE END

function useTransformItems(props: AnyProps) {
  const processSearchResultUrl = useSearchResultUrlProcessor();
  const [transformItems] = useState(() => {
    return (items: DocSearchHit[]) =>
      props.transformItems
        ? // Custom transformItems
          props.transformItems(items)
        : // Default transformItems
          items.map((item) => ({
            ...item,
            url: processSearchResultUrl(item.url),
          }));
  });
  return transformItems;
}

function useResultsFooterComponent({closeModal, store}: {closeModal: () => void; store: SearchStatusStore}) {
  return useMemo(
    () =>
      ({state}: {state: {query: string; collections: Array<{items: unknown[]}>}}) => (
        <ResultsFooter state={state} onClose={closeModal} store={store} />
      ),
    [closeModal, store],
  );
}

// CUSTOM CODE: a hit is a plain link that navigates in the app. Docusaurus's Link would watch each of
// the twenty-odd hits with an IntersectionObserver and prefetch every visible hit's page on each new
// list of results; a hit's page is preloaded when the reader points at it or touches it, as Link does.
function Hit({hit, children}: {hit: {url: string}; children: ReactNode}) {
  const history = useHistory();
  // hosted mode may return another site's address: a plain link then
  const internal = hit.url.startsWith('/') && !hit.url.startsWith('//');
  const preload = () => {
    if (internal) void window.docusaurus.preload(hit.url);
  };
  return (
    <a
      href={hit.url}
      onMouseEnter={preload}
      onTouchStart={preload}
      onClick={(event) => {
        searchSignals().hitOpen(hit.url, hitRank(hit.url));
        if (!internal || !isPlainClick(event)) {
          return;
        }
        event.preventDefault();
        history.push(hit.url);
      }}>
      {children}
    </a>
  );
}
// CUSTOM CODE END

// CUSTOM CODE: the count of the latest query (DocSearch sums the counts of every keystroke).
function ResultsFooter({
  state,
  onClose,
  store,
}: {
  state: {query: string};
  onClose: () => void;
  store: SearchStatusStore;
}) {
  const createSearchLink = useSearchLinkCreator();
  const status = store.get();
  const count = status.query === state.query && status.nbHits !== null ? status.nbHits : null;
  if (count === 0) {
    // Only the Ask AI entry is shown: there is nothing more to see on the results page.
    return null;
  }
  // The footer renders inside the dialog, which renders once its parts are loaded.
  const texts = dialogParts!.searchTexts();
  return (
    <Link to={createSearchLink(state.query)} onClick={onClose} className="monq-search-see-all">
      {count === null ? texts.seeAllPlain : texts.seeAll(count)}
    </Link>
  );
}
// CUSTOM CODE END

function useSearchParameters({contextualSearch, ...props}: AnyProps) {
  // CUSTOM CODE: the contextual filters by the rule the boot's search shell follows (src/shared/search/contextual.ts).
  const contextualSearchFacetFilters = useContextualFilters();
  // CUSTOM CODE END
  const configFacetFilters = props.searchParameters?.facetFilters ?? [];
  const facetFilters = contextualSearch
    ? // Merge contextual search filters with config filters
      mergeFacetFilters(contextualSearchFacetFilters, configFacetFilters)
    : // ... or use config facetFilters
      configFacetFilters;
  // We let users override default searchParameters if they want to
  return {
    ...props.searchParameters,
    facetFilters,
  };
}

function DocSearch({externalUrlRegex, ...props}: AnyProps) {
  // CUSTOM CODE
  const backend = useSearchBackend({appId: props.appId, apiKey: props.apiKey, monq: props.monq});
  const options: MonqSearchOptions = backend.options;
  const [store] = useState(createSearchStatusStore);
  const [aiQuestion, setAiQuestion] = useState<string | null>(null);
  const processSearchResultUrl = useSearchResultUrlProcessor();
  const offlineAi = options.assistant === 'offline';
  // In local mode (or without an assistant) the Ask AI entry opens the project's screen;
  // DocSearch needs an `askAi` value to show the entry at all.
  const askAiProp = offlineAi
    ? {assistantId: 'offline', indexName: props.indexName, apiKey: props.apiKey, appId: props.appId}
    : props.askAi;
  props = {...props, askAi: askAiProp, insights: false};
  // CUSTOM CODE END
  const navigator = useNavigator({externalUrlRegex});
  const searchParameters = useSearchParameters({...props});
  const transformItems = useTransformItems(props);
  const transformSearchClient = useTransformSearchClient(backend.local, store);
  const searchContainer = useRef<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  const {isAskAiActive, onAskAiToggle, extraAskAiProps} = useAlgoliaAskAi(props as any);

  const prepareSearchContainer = useCallback(() => {
    if (!searchContainer.current) {
      const divElement = document.createElement('div');
      // CUSTOM CODE: a class for the mode (local mode hides the "Powered by" logo).
      divElement.className = `monq-search monq-search--${options.mode}`;
      // CUSTOM CODE END
      searchContainer.current = divElement;
      document.body.insertBefore(divElement, document.body.firstChild);
    }
  }, [options.mode]);

  // CUSTOM CODE: start loading the local index while the reader types the query.
  const facetFiltersRef = useRef<unknown>(searchParameters.facetFilters);
  facetFiltersRef.current = searchParameters.facetFilters;
  const {local} = backend;
  const preloadIndex = useCallback(() => {
    local?.preload(facetFiltersRef.current);
  }, [local]);
  const prefetchSearch = useCallback(() => {
    prefetchDocSearchModal();
    preloadIndex();
  }, [preloadIndex]);
  // The page's script starts at the reader's first input: a little later, in idle time, load the
  // dialog and the index in the background (not among the scripts that make the page interactive).
  useEffect(() => {
    if (!local) {
      return undefined;
    }
    let handle: number | null = null;
    const timer = window.setTimeout(() => {
      if ('requestIdleCallback' in window) {
        handle = window.requestIdleCallback(prefetchSearch, {timeout: 2000});
      } else {
        prefetchSearch();
      }
    }, SEARCH_PRELOAD_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (handle !== null) window.cancelIdleCallback(handle);
    };
  }, [local, prefetchSearch]);
  // CUSTOM CODE END

  // CUSTOM CODE: the state of the dialog's chunk while it loads (null: not loading).
  const [dialogLoad, setDialogLoad] = useState<LoadingProps | null>(null);
  const cancelDialogLoad = useRef<(() => void) | null>(null);
  const stopWaiting = useCallback(() => {
    cancelDialogLoad.current?.();
    cancelDialogLoad.current = null;
    setDialogLoad(null);
  }, []);
  // CUSTOM CODE END

  // CUSTOM CODE: the search goals of a build with the analytics counter: each result of the latest
  // query (the store holds its real hit count); the goal is sent once the query has settled.
  const versionRef = useRef('site');
  versionRef.current = searchVersion(searchParameters.facetFilters);
  useEffect(
    () =>
      store.subscribe((status) => {
        if (status.error === null && status.nbHits !== null) {
          searchSignals().results(status.query, status.nbHits, versionRef.current);
        }
      }),
    [store],
  );
  // CUSTOM CODE END

  // CUSTOM CODE: the search shell of a first click (boot.ts) goes once the dialog has rendered.
  const shellRef = useRef<TakenShell | null>(null);
  useEffect(() => {
    if (isOpen) {
      shellRef.current?.remove();
      shellRef.current = null;
    }
  }, [isOpen]);
  // CUSTOM CODE END

  const openModal = useCallback(() => {
    prepareSearchContainer();
    preloadIndex();
    // CUSTOM CODE
    const shell = takeOverSearchShell(document);
    if (shell?.typed) {
      setInitialQuery(shell.typed);
    }
    if (DocSearchModal) {
      shellRef.current = shell;
      setIsOpen(true);
      return;
    }
    // The dialog is still loading: its own spinner (or error) replaces the shell.
    shell?.remove();
    cancelDialogLoad.current?.();
    cancelDialogLoad.current = trackLazyLoad(importDocSearchModalIfNeeded(), {
      onState: setDialogLoad,
      onLoaded: () => setIsOpen(true),
    });
    // CUSTOM CODE END
  }, [prepareSearchContainer, preloadIndex]);

  const closeModal = useCallback(() => {
    setIsOpen(false);
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
    onAskAiToggle(false);
    // CUSTOM CODE
    setAiQuestion(null);
    searchSignals().close();
    store.reset();
    // CUSTOM CODE END
  }, [onAskAiToggle, store]);

  const handleInput = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'f' && (event.metaKey || event.ctrlKey)) {
        // ignore browser's ctrl+f
        return;
      }
      // prevents duplicate key insertion in the modal input
      event.preventDefault();
      setInitialQuery(event.key);
      openModal();
    },
    [openModal],
  );

  const resultsFooterComponent = useResultsFooterComponent({closeModal, store});

  useDocSearchKeyboardEvents({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    onInput: handleInput,
    searchButtonRef,
    isAskAiActive: isAskAiActive ?? false,
    onAskAiToggle: onAskAiToggle ?? (() => {}),
  });

  // CUSTOM CODE
  // Computed once the dialog is open (its strings load with it), not on every page's first render.
  const translations = useMemo(
    () => (isOpen && dialogParts ? dialogParts.modalTranslations(options.mode) : null),
    [isOpen, options.mode],
  );
  const Panels = isOpen ? dialogParts?.ModalPanels : undefined;
  const getMissingResultsUrl = useCallback(
    ({query}: {query: string}) => missingResultsUrl(options.missingResultsUrl, query),
    [options.missingResultsUrl],
  );
  const interceptAskAiEvent = useCallback(
    (message: {query: string}) => {
      if (!offlineAi) {
        return false;
      }
      setAiQuestion(message.query);
      return true;
    },
    [offlineAi],
  );
  const closeAi = useCallback(() => setAiQuestion(null), []);
  const sourcesClient = backend.client;
  // CUSTOM CODE END

  return (
    <>
      {/* CUSTOM CODE: the preconnect hint only when the hosted service is used. */}
      {options.mode === 'hosted' && (
        <Head>
          {/* This hints the browser that the website will load data from Algolia,
        and allows it to preconnect to the DocSearch cluster. It makes the first
        query faster, especially on mobile. */}
          <link rel="preconnect" href={`https://${props.appId}-dsn.algolia.net`} crossOrigin="anonymous" />
        </Head>
      )}
      {/* CUSTOM CODE END */}

      <DocSearchButton
        onTouchStart={prefetchSearch}
        onFocus={prefetchSearch}
        onMouseOver={prefetchSearch}
        onClick={openModal}
        ref={searchButtonRef}
        translations={buttonTranslations()}
      />

      {isOpen &&
        DocSearchModal &&
        translations &&
        searchContainer.current &&
        createPortal(
          <DocSearchModal
            onClose={closeModal}
            initialScrollY={window.scrollY}
            initialQuery={initialQuery}
            navigator={navigator as any}
            transformItems={transformItems}
            hitComponent={Hit as any}
            transformSearchClient={transformSearchClient}
            {...(props.searchPagePath && {
              resultsFooterComponent: resultsFooterComponent as any,
            })}
            // CUSTOM CODE
            appId={props.appId}
            apiKey={props.apiKey}
            indexName={props.indexName}
            placeholder={translations.searchBox?.placeholderText}
            translations={translations}
            getMissingResultsUrl={getMissingResultsUrl}
            interceptAskAiEvent={interceptAskAiEvent}
            insights={false}
            searchParameters={searchParameters}
            {...(extraAskAiProps as any)}
            // CUSTOM CODE END
          />,
          searchContainer.current,
        )}
      {/* CUSTOM CODE */}
      {dialogLoad && <DialogLoading state={dialogLoad} onCancel={stopWaiting} />}
      {Panels && searchContainer.current && (
        <Panels
          container={searchContainer.current}
          store={store}
          aiQuestion={aiQuestion}
          onAiClose={closeAi}
          sourcesClient={sourcesClient}
          indexName={props.indexName}
          facetFilters={searchParameters.facetFilters}
          processUrl={processSearchResultUrl}
          onNavigate={closeModal}
          devMode={process.env.NODE_ENV === 'development'}
        />
      )}
      {/* CUSTOM CODE END */}
    </>
  );
}

export default function SearchBar(props: AnyProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const docSearchProps = {
    ...(siteConfig.themeConfig.algolia as AnyProps),
    // Let props override theme config
    // See https://github.com/facebook/docusaurus/pull/11581
    ...props,
  };
  return <DocSearch {...docSearchProps} />;
}
