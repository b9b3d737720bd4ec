/**
 * The glossary card beside a link to a term (`/glossary#signal`): the markup the build writes
 * (plugins/content/rehype-glossary-cards.ts), which src/css/reader.css shows on hover and keyboard
 * focus and src/clientModules/glossaryCard.ts hides on Escape. The Markdown twins (plugins/llms), the
 * search index and the print sheet leave the card out by its class.
 *
 *   <span class="monq-term">
 *     <a href="/glossary#signal" aria-describedby="monq-term-1">сигнал</a>
 *     <span class="monq-term__card" role="tooltip">
 *       <span id="monq-term-1">Объект проблемы …</span> <a href="/glossary#signal" tabindex="-1">Подробнее в глоссарии</a>
 *     </span>
 *   </span>
 */

/** The wrapper of a term's link and its card (`position: relative`). */
export const TERM_CLASS = 'monq-term';
/** The card: hidden until the wrapper is hovered or holds the keyboard focus. */
export const CARD_CLASS = 'monq-term__card';
/** Set on the wrapper by Escape; the card stays hidden until the pointer and the focus leave. */
export const DISMISSED_ATTRIBUTE = 'data-dismissed';
/** The id of the definition in the card (`monq-term-1`, numbered per page). */
export const DEFINITION_ID_PREFIX = 'monq-term-';
/** The card's link to the term's entry (for the pointer: the term's own link goes there too). */
export const MORE_LABEL = 'Подробнее в глоссарии';
