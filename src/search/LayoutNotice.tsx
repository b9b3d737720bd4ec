/**
 * The line above the results when the local backend found the query typed in the other keyboard
 * layout: «Показаны результаты по запросу «пороги». Искать «gjhjub»». The second part searches
 * exactly what was typed. Shared by the modal (ModalPanels) and the search page.
 */
import React, {type ReactNode} from 'react';
import {searchTexts} from './translations';

export interface LayoutNoticeProps {
  /** The converted query whose results are shown. */
  shown: string;
  /** The query as typed. */
  typed: string;
  /** Address of the search page for the typed query (the link works without script too). */
  href: string;
  /** Search the typed query in place. */
  onSearchTyped: () => void;
  className?: string;
}

export default function LayoutNotice({shown, typed, href, onSearchTyped, className}: LayoutNoticeProps): ReactNode {
  const texts = searchTexts();
  return (
    <p className={`monq-search-layout-notice ${className ?? ''}`} data-search-notice="layout" role="status">
      {texts.layoutShown(shown)}{' '}
      <a
        href={href}
        data-search-typed=""
        onClick={(event) => {
          event.preventDefault();
          onSearchTyped();
        }}>
        {texts.layoutSearchTyped(typed)}
      </a>
    </p>
  );
}
