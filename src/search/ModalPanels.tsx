/**
 * The project's own screens inside the DocSearch modal, drawn with DocSearch's
 * CSS classes and portalled into `.DocSearch-Modal` (in place of its dropdown):
 *
 * - the error screen, when the latest search failed (DocSearch never shows
 *   its own: autocomplete-core resets the status to idle after a failure);
 * - the offline «Спросить ИИ» screen: the question, the disclaimer, a plain
 *   statement that no assistant is connected, and the best matching sections.
 */
import React, {useEffect, useState, useSyncExternalStore, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import Link from '@docusaurus/Link';
import {useSearchLinkCreator} from '@docusaurus/theme-common';
import LayoutNotice from './LayoutNotice';
import {MARKS, type AlgoliaLikeClient} from './clients';
import type {FacetFilters, LocalHit} from './localClient';
import type {SearchStatusStore} from './status';
import {modalTranslations, searchTexts} from './translations';
import {useSearchResponse} from './useSearchResponse';
import {hitTrail} from '../shared/search/hitText';

export interface ModalPanelsProps {
  /** The element DocSearch's modal is portalled into. */
  container: HTMLElement;
  store: SearchStatusStore;
  /** The question of the offline AI screen, or null when it is closed. */
  aiQuestion: string | null;
  onAiClose: () => void;
  /** Client and parameters for the AI screen's sources. */
  sourcesClient: AlgoliaLikeClient;
  indexName: string;
  facetFilters: FacetFilters | undefined;
  /** Turns a hit URL into the site link (the theme's URL processor). */
  processUrl: (url: string) => string;
  onNavigate: () => void;
  /** Under `docusaurus start` there is no index: say so on the error screen. */
  devMode: boolean;
}

const inputOf = (container: HTMLElement) => container.querySelector<HTMLInputElement>('.DocSearch-Input');

function useInputValue(container: HTMLElement, onInput: () => void): string {
  const [value, setValue] = useState('');
  useEffect(() => {
    const read = (event?: Event) => {
      setValue(inputOf(container)?.value ?? '');
      if (event) {
        onInput();
      }
    };
    read();
    container.addEventListener('input', read);
    return () => container.removeEventListener('input', read);
  }, [container, onInput]);
  return value;
}

function useModalElement(container: HTMLElement): HTMLElement | null {
  const [modal, setModal] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const find = () => {
      const found = container.querySelector<HTMLElement>('.DocSearch-Modal');
      setModal(found);
      return found;
    };
    if (find()) {
      return undefined;
    }
    const observer = new MutationObserver(() => {
      if (find()) {
        observer.disconnect();
      }
    });
    observer.observe(container, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [container]);
  return modal;
}

function ErrorIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 20 20" fill="none" fillRule="evenodd" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
    </svg>
  );
}

function SearchErrorScreen({devMode}: {devMode: boolean}): ReactNode {
  const {errorScreen} = modalTranslations();
  const texts = searchTexts();
  return (
    <div className="DocSearch-ErrorScreen" role="alert" data-search-screen="error">
      <div className="DocSearch-Screen-Icon">
        <ErrorIcon />
      </div>
      <p className="DocSearch-Title">{errorScreen?.titleText}</p>
      <p className="DocSearch-Help">{devMode ? texts.devIndexHelp : errorScreen?.helpText}</p>
    </div>
  );
}

function OfflineAiScreen({
  question,
  onBack,
  sourcesClient,
  indexName,
  facetFilters,
  processUrl,
  onNavigate,
}: {
  question: string;
  onBack: () => void;
} & Pick<ModalPanelsProps, 'sourcesClient' | 'indexName' | 'facetFilters' | 'processUrl' | 'onNavigate'>): ReactNode {
  const texts = searchTexts();
  const sources = useSearchResponse(sourcesClient, {
    indexName,
    query: question,
    hitsPerPage: 5,
    facetFilters: facetFilters as never,
    attributesToSnippet: ['content:24'],
    ...MARKS,
  });
  const hits = sources.status === 'done' ? ((sources.response?.hits ?? []) as LocalHit[]) : null;

  const passage = hits?.find((hit) => hit.type === 'content' && hit.content);
  return (
    <div className="monq-ai-screen" data-search-screen="ask-ai">
      <p className="monq-ai-screen__title">{texts.askAiTitle}</p>
      <div className="monq-ai-screen__question">
        <span className="monq-ai-screen__label">{texts.askAiQuestion}:</span> <strong>{question}</strong>
      </div>
      <p className="monq-ai-screen__notice" role="status">
        {texts.askAiNotConnected}
      </p>
      <p className="monq-ai-screen__disclaimer">{texts.askAiCaution}</p>
      {passage && (
        // Extractive: the paragraph of the best hit, quoted as written, with its page and heading.
        <figure className="monq-ai-screen__passage" data-search-passage="">
          <p className="monq-ai-screen__sources-title">{texts.askAiPassage}</p>
          <blockquote className="monq-ai-screen__quote">{passage.content}</blockquote>
          <figcaption>
            <Link to={processUrl(passage.url)} onClick={onNavigate} className="monq-ai-screen__passage-link">
              {hitTrail(passage)}
            </Link>
          </figcaption>
        </figure>
      )}
      <p className="monq-ai-screen__sources-title">{texts.askAiSources}</p>
      {sources.status === 'loading' && <p className="DocSearch-Help">{texts.askAiLoading}</p>}
      {sources.status === 'error' && <p className="DocSearch-Help">{texts.askAiSourcesFailed}</p>}
      {hits?.length === 0 && <p className="DocSearch-Help">{texts.askAiNoSources}</p>}
      {hits && hits.length > 0 && (
        <ul className="monq-ai-screen__sources">
          {hits.map((hit) => {
            const path = hitTrail(hit);
            const snippetHtml = hit._snippetResult?.content?.value;
            return (
              <li key={hit.objectID}>
                <Link to={processUrl(hit.url)} onClick={onNavigate} className="monq-ai-screen__source">
                  <span className="monq-ai-screen__source-title">{path}</span>
                  {snippetHtml ? (
                    // The client escapes the text before it adds <mark> (see highlight.ts).
                    <span className="monq-ai-screen__source-snippet" dangerouslySetInnerHTML={{__html: snippetHtml}} />
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="monq-ai-screen__back" onClick={onBack}>
        {texts.askAiBack}
      </button>
    </div>
  );
}

/** Search the typed query again, exactly as typed: DocSearch re-runs a search on an input event. */
function searchTypedAgain(container: HTMLElement, store: SearchStatusStore, typed: string): void {
  const input = inputOf(container);
  if (!input) {
    return;
  }
  store.setVerbatim(typed.trim());
  // React ignores an input event whose value did not change: change it, then put it back.
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(input, `${typed} `);
  input.dispatchEvent(new Event('input', {bubbles: true}));
  setValue?.call(input, typed);
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.focus();
}

/**
 * In local mode our own search answers, so DocSearch's footer must not credit the hosted service: its
 * «Поиск от» text is empty (src/search/translations.ts) and the logo hidden (search.css); here its link
 * to algolia.com goes too. Attributes only: React keeps the element and never sets them again.
 */
function useNoHostedAttribution(container: HTMLElement, modal: HTMLElement | null): void {
  useEffect(() => {
    if (!modal || !container.classList.contains(LOCAL_MODE_CLASS)) return undefined;
    const strip = () =>
      modal.querySelectorAll<HTMLAnchorElement>('.DocSearch-Logo a[href]').forEach((link) => {
        link.removeAttribute('href');
        link.setAttribute('aria-hidden', 'true');
        link.tabIndex = -1;
      });
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(modal, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [container, modal]);
}

/** The class SearchBar gives the modal's container in local mode. */
const LOCAL_MODE_CLASS = 'monq-search--local';

export default function ModalPanels(props: ModalPanelsProps): ReactNode {
  const {container, store, aiQuestion, onAiClose, devMode} = props;
  const status = useSyncExternalStore(store.subscribe, store.get, store.get);
  const inputValue = useInputValue(container, aiQuestion === null ? noop : onAiClose);
  const modal = useModalElement(container);
  useNoHostedAttribution(container, modal);
  const createSearchLink = useSearchLinkCreator();
  if (!modal) {
    return null;
  }
  if (
    aiQuestion === null &&
    !status.error &&
    status.shownQuery !== null &&
    inputValue.trim() !== '' &&
    status.query === inputValue
  ) {
    const typed = status.query;
    return createPortal(
      <LayoutNotice
        shown={status.shownQuery}
        typed={typed}
        href={`${createSearchLink(typed)}&verbatim=1`}
        onSearchTyped={() => searchTypedAgain(container, store, typed)}
        className="monq-search-layout-notice--modal"
      />,
      modal,
    );
  }
  let content: ReactNode = null;
  if (aiQuestion !== null) {
    content = (
      <OfflineAiScreen
        question={aiQuestion}
        onBack={() => {
          onAiClose();
          inputOf(container)?.focus();
        }}
        sourcesClient={props.sourcesClient}
        indexName={props.indexName}
        facetFilters={props.facetFilters}
        processUrl={props.processUrl}
        onNavigate={props.onNavigate}
      />
    );
  } else if (status.error && inputValue.trim() !== '') {
    content = <SearchErrorScreen devMode={devMode} />;
  }
  if (content === null) {
    return null;
  }
  return createPortal(<div className="DocSearch-Dropdown monq-search-panel">{content}</div>, modal);
}

function noop() {}
