/**
 * REPLACES @docusaurus/theme-search-algolia's SearchPage (Docusaurus 3.10.2).
 *
 * Why: the theme's page hard-codes 15 hits per page and always calls the hosted service. This page
 * serves `/demo-search/?q=...` from the active backend (the local index by default) with the
 * configured hits per page (30), the same contextual filters as the modal, a version choice, paging
 * and the Russian plural count. It renders inside <Layout>: the contextual-search hooks need the
 * providers Layout sets up.
 *
 * URL parameters: `q` (query), `version` (docs version, default: the reader's preferred or latest),
 * `page` (1-based), `verbatim=1` (local backend: search `q` exactly as typed, no keyboard layout
 * switch). When the local backend shows the results of the query in the other keyboard layout, the
 * line «Показаны результаты по запросу …» above them links to the query as typed.
 */
import React, {useEffect, useRef, useState, type FormEvent, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useDocsPreferredVersion, useVersions} from '@docusaurus/plugin-content-docs/client';
import {usePluralForm} from '@docusaurus/theme-common';
import {
  useAlgoliaThemeConfig,
  useSearchResultUrlProcessor,
} from '@docusaurus/theme-search-algolia/client';
import Layout from '@theme/Layout';
import type {FacetFilters, LocalHit} from '@site/src/search/localClient';
import LayoutNotice from '@site/src/search/LayoutNotice';
import {useSearchBackend} from '@site/src/search/useSearchBackend';
import {MARKS} from '@site/src/search/clients';
import {useSearchResponse} from '@site/src/search/useSearchResponse';
import {withVersion, pageWindow} from '@site/src/search/searchPage';
import {useContextualFilters} from '@site/src/search/useContextualFilters';
import {hitHeadings} from '@site/src/shared/search/hitText';
import {modalTranslations, searchTexts} from '@site/src/search/translations';
import '@site/src/search/search.css';

/** The docs instance whose version the page lets the reader choose. */
const VERSIONED_DOCS_PLUGIN = 'default';

/** Longest query shown in the page title and heading (the search itself cuts its own work). */
const TITLE_QUERY_LENGTH = 80;

function readParams(search: string) {
  // URLSearchParams never throws: broken percent-encoding (`?q=%E0%A4%A`) reads as replacement characters.
  const params = new URLSearchParams(search);
  const page = Math.max(1, Math.min(1000, Math.floor(Number(params.get('page') ?? '1')) || 1));
  return {
    query: params.get('q') ?? '',
    version: params.get('version'),
    page,
    verbatim: params.get('verbatim') === '1',
  };
}

function shortQuery(query: string): string {
  const chars = Array.from(query.replace(/\s+/g, ' ').trim());
  return chars.length > TITLE_QUERY_LENGTH ? `${chars.slice(0, TITLE_QUERY_LENGTH).join('')}…` : chars.join('');
}

function Hit({hit, processUrl}: {hit: LocalHit; processUrl: (url: string) => string}) {
  const highlighted = hit._highlightResult?.hierarchy ?? {};
  // The title is the record's own heading (or, for text, the heading it sits under); the path
  // above it names the section and the headings around it (src/shared/search/hitText.ts).
  const headings = hitHeadings(hit);
  const titleHtml = highlighted[headings.level]?.value ?? '';
  const path = headings.path.join(' › ');
  const snippetHtml = hit._snippetResult?.content?.value;
  return (
    <li className="monq-search-page__hit">
      <div className="monq-search-page__hit-path">{path}</div>
      <Link to={processUrl(hit.url)} className="monq-search-page__hit-title">
        {/* The values are escaped by the client before <mark> is added (src/search/highlight.ts). */}
        <span dangerouslySetInnerHTML={{__html: titleHtml}} />
      </Link>
      {snippetHtml ? (
        <p className="monq-search-page__hit-snippet" dangerouslySetInnerHTML={{__html: snippetHtml}} />
      ) : null}
    </li>
  );
}

function SearchPageContent(): ReactNode {
  const {algolia} = useAlgoliaThemeConfig();
  const {options, client} = useSearchBackend();
  const location = useLocation();
  const history = useHistory();
  const processUrl = useSearchResultUrlProcessor();
  const {selectMessage} = usePluralForm();
  const contextualFilters = useContextualFilters();
  const versions = useVersions(VERSIONED_DOCS_PLUGIN);
  const {preferredVersion} = useDocsPreferredVersion(VERSIONED_DOCS_PLUGIN);
  const latest = versions.find((v) => v.isLast) ?? versions[0];
  // The static HTML has no query: read it only after hydration, or React reports a mismatch.
  const isBrowser = useIsBrowser();
  const params = readParams(isBrowser ? location.search : '');
  const version = params.version ?? preferredVersion?.name ?? latest?.name ?? null;
  const [input, setInput] = useState(params.query);
  const texts = searchTexts();
  const {errorScreen} = modalTranslations();

  useEffect(() => {
    setInput(params.query);
  }, [params.query]);

  // Text typed before the script started (it starts at the first input) is kept, not reset.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== '') setInput(typed);
  }, []);

  const state = useSearchResponse(
    client,
    params.query.trim() === ''
      ? null
      : {
          indexName: algolia.indexName,
          query: params.query,
          hitsPerPage: options.hitsPerPage,
          page: params.page - 1,
          facetFilters: withVersion(contextualFilters as FacetFilters, VERSIONED_DOCS_PLUGIN, version),
          attributesToSnippet: ['content:30'],
          ...MARKS,
          ...(params.verbatim && options.mode === 'local' ? {monqVerbatim: true} : {}),
        },
  );

  const searchHref = (next: {query?: string; version?: string | null; page?: number; verbatim?: boolean}) => {
    const search = new URLSearchParams();
    const query = next.query ?? params.query;
    if (query) {
      search.set('q', query);
    }
    const nextVersion = next.version === undefined ? params.version : next.version;
    if (nextVersion) {
      search.set('version', nextVersion);
    }
    const page = next.page ?? 1;
    if (page > 1) {
      search.set('page', String(page));
    }
    if (next.verbatim ?? (next.query === undefined && params.verbatim)) {
      search.set('verbatim', '1');
    }
    return `?${search.toString()}`;
  };
  const navigate = (next: Parameters<typeof searchHref>[0]) => {
    history.replace({pathname: location.pathname, search: searchHref(next)});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate({query: input.trim(), page: 1});
  };

  const title = params.query
    ? translate(
        {id: 'theme.SearchPage.existingResultsTitle', message: 'Результаты поиска по запросу «{query}»'},
        {query: shortQuery(params.query)},
      )
    : translate({id: 'theme.SearchPage.emptyResultsTitle', message: 'Поиск по документации'});

  const response = state.status === 'done' ? state.response : null;

  return (
    <main className="container margin-vert--lg monq-search-page">
      <Head>
        {/* With a query in the address the page starts its script on load, not at the reader's first
            input (src/lib/hydration/boot.ts). */}
        <html data-hydrate="query" />
        <title>{title}</title>
        {/* Crawlable, with the canonical address without the query (added by the theme): one page in
            search engines, never one per query. The sitemap leaves it out (docusaurus.config.ts). */}
        <meta
          name="description"
          content={translate({
            id: 'monq.searchPage.description',
            message: 'Поиск по документации Monq: версии 9.0 и 8.9, руководства по обновлению и глоссарий.',
            description: 'Meta description of the search page',
          })}
        />
      </Head>
      <h1>{title}</h1>
      <form className="monq-search-page__form" onSubmit={onSubmit} role="search">
        <input
          type="search"
          name="q"
          className="monq-search-page__input"
          aria-label={translate({id: 'theme.SearchPage.inputLabel', message: 'Поиск'})}
          placeholder={translate({id: 'theme.SearchPage.inputPlaceholder', message: 'Введите фразу для поиска'})}
          ref={inputRef}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          autoComplete="off"
          autoFocus
        />
        {versions.length > 1 && (
          <label>
            <span className="margin-right--sm">
              {translate({id: 'theme.SearchPage.versionLabel', message: 'Версия документации'})}
            </span>
            <select
              className="monq-search-page__version"
              name="version"
              value={version ?? ''}
              onChange={(event) => navigate({version: event.target.value, page: 1})}>
              {versions.map((v) => (
                <option key={v.name} value={v.name}>
                  {v.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className="button button--primary">
          {translate({id: 'theme.SearchPage.submitButton', message: 'Найти'})}
        </button>
      </form>

      <div aria-live="polite">
        {state.status === 'loading' && (
          <p className="monq-search-page__count">
            {translate({id: 'theme.SearchPage.fetchingNewResults', message: 'Загрузка результатов поиска…'})}
          </p>
        )}
        {state.status === 'error' && (
          <div className="monq-search-page__error" role="alert" data-search-screen="error">
            <p>
              <strong>{errorScreen?.titleText}</strong>
            </p>
            <p>{process.env.NODE_ENV === 'development' ? texts.devIndexHelp : errorScreen?.helpText}</p>
          </div>
        )}
        {response && response.nbHits === 0 && (
          <p className="monq-search-page__count" data-search-count="0">
            {translate({id: 'theme.SearchPage.noResultsText', message: 'По запросу ничего не найдено'})}
          </p>
        )}
        {response && response.nbHits > 0 && (
          <p className="monq-search-page__count" data-search-count={response.nbHits}>
            {selectMessage(
              response.nbHits,
              translate(
                {
                  id: 'theme.SearchPage.documentsFound.plurals',
                  message: 'Найден {count} документ|Найдено {count} документа|Найдено {count} документов',
                },
                {count: response.nbHits},
              ),
            )}
          </p>
        )}
      </div>

      {response && response.shownQuery && (
        <LayoutNotice
          shown={response.shownQuery}
          typed={params.query}
          href={`${location.pathname}${searchHref({query: params.query, verbatim: true})}`}
          onSearchTyped={() => navigate({query: params.query, verbatim: true})}
          className="monq-search-page__notice"
        />
      )}

      {response && response.hits.length > 0 && (
        <ol className="monq-search-page__hits" start={response.page * response.hitsPerPage + 1}>
          {response.hits.map((hit) => (
            <Hit key={hit.objectID} hit={hit} processUrl={processUrl} />
          ))}
        </ol>
      )}

      {response && response.nbPages > 1 && (
        <nav
          className="monq-search-page__pager pagination"
          aria-label={translate({id: 'theme.SearchPage.pagination', message: 'Страницы результатов'})}>
          {response.page > 0 && (
            <button type="button" className="button button--secondary button--sm" onClick={() => navigate({page: response.page})}>
              {translate({id: 'theme.SearchPage.previousPage', message: '← Назад'})}
            </button>
          )}
          {pageWindow(response.page, response.nbPages).map((page) => (
            <button
              key={page}
              type="button"
              className={`button button--sm ${page === response.page ? 'button--primary' : 'button--secondary'}`}
              aria-current={page === response.page ? 'page' : undefined}
              onClick={() => navigate({page: page + 1})}>
              {page + 1}
            </button>
          ))}
          {response.page + 1 < response.nbPages && (
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => navigate({page: response.page + 2})}>
              {translate({id: 'theme.SearchPage.nextPage', message: 'Вперёд →'})}
            </button>
          )}
        </nav>
      )}
    </main>
  );
}

export default function SearchPage(): ReactNode {
  return (
    <Layout>
      <SearchPageContent />
    </Layout>
  );
}
