/**
 * Escape closes the glossary card beside a term's link (WCAG 1.4.13: dismissible without moving the
 * pointer or the focus). The card itself is the server's markup and shows from CSS alone
 * (src/css/reader.css, src/shared/glossaryCard.ts); this module only marks the open card's wrapper, and
 * clears the mark once neither the pointer nor the focus is in it, so the next hover shows the card.
 * It runs with the page's scripts, after the reader's first input.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { DISMISSED_ATTRIBUTE, TERM_CLASS } from '../shared/glossaryCard';

const OPEN = `.${TERM_CLASS}:hover,.${TERM_CLASS}:focus-within`;

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    document.querySelectorAll(OPEN).forEach((term) => term.setAttribute(DISMISSED_ATTRIBUTE, ''));
  });
  const leave = (event: MouseEvent | FocusEvent): void => {
    const term = (event.target as Element).closest?.(`[${DISMISSED_ATTRIBUTE}]`);
    if (!term || term.contains(event.relatedTarget as Node | null)) return;
    // the pointer left while the focus stays (or the other way round): the card stays closed
    if (term.matches(event.type === 'mouseout' ? ':focus-within' : ':hover')) return;
    term.removeAttribute(DISMISSED_ATTRIBUTE);
  };
  document.addEventListener('mouseout', leave);
  document.addEventListener('focusout', leave);
}

export {};
