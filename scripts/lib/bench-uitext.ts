/**
 * Finds English interface strings: words of the theme's English UI vocabulary (the words of
 * `@docusaurus/theme-translations/locales/base`, the English messages every string of the theme
 * starts from, plus DocSearch's own) in a text of the page furniture, after the names that are
 * legitimately Latin (product, brands, protocols) have been taken out.
 */

/** English words of the theme's and DocSearch's default strings that would betray an untranslated UI. */
const ENGLISH_UI_WORDS: readonly string[] = [
  'about', 'again', 'all', 'and', 'another', 'answers', 'any', 'archive', 'are', 'arrow', 'ask', 'author',
  'authors', 'available', 'back', 'believe', 'between', 'blog', 'breadcrumbs', 'broken', 'browser',
  'cancel', 'category', 'caution', 'check', 'clear', 'click', 'clipboard', 'close', 'collapse',
  'connection', 'contact', 'content', 'conversation', 'copied', 'copy', 'could', 'crashed', 'currently',
  'danger', 'dark', 'date', 'dislike', 'document', 'documentation', 'down', 'draft', 'edit', 'editor',
  'enter', 'entries', 'error', 'escape', 'expand', 'favorite', 'favorites', 'feedback', 'fetch',
  'fetching', 'find', 'for', 'found', 'from', 'generated', 'has', 'having', 'here', 'history', 'home',
  'image', 'item', 'items', 'keyword', 'know', 'languages', 'last', 'latest', 'let', 'light', 'like',
  'linked', 'list', 'load', 'loaded', 'loading', 'longer', 'looking', 'main', 'maintained', 'make',
  'menu', 'might', 'min', 'mistakes', 'mode', 'more', 'navigate', 'navigation', 'network', 'newer', 'next',
  'not', 'note', 'offline', 'older', 'one', 'only', 'opens', 'original', 'owner', 'page', 'pages', 'please',
  'post', 'posts', 'powered', 'previous', 'question', 'read', 'recent', 'refresh', 'related', 'reload',
  'remove', 'reset', 'result', 'results', 'return', 'save', 'scroll', 'search', 'searched', 'searches',
  'searching', 'see', 'select', 'should', 'sidebar', 'site', 'skip', 'sources', 'submit', 'switch',
  'system', 'tab', 'tagged', 'tags', 'thanks', 'that', 'the', 'their', 'them', 'thinking', 'this', 'tip',
  'toggle', 'top', 'try', 'type', 'unable', 'unlisted', 'unreleased', 'updated', 'users', 'verify',
  'version', 'versions', 'view', 'visible', 'want', 'warning', 'were', 'what', 'which', 'will', 'with',
  'word', 'wrap', 'written', 'yet', 'you', 'your', 'info', 'tip', 'open', 'opened', 'theme', 'color',
  'colour', 'on', 'of', 'to', 'in', 'is', 'by', 'or', 'docs',
];

/** Latin names that belong in a Russian interface (product, site title, brands). Matched whole, any case. */
export const ALLOWED_LATIN: readonly string[] = ['Monq Docs', 'Monq', 'YouTube', 'RUTUBE', 'Telegram'];

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English UI words found in `text` (lower case, in order), none when it is Russian. */
export function englishWords(
  text: string,
  allowed: readonly string[] = ALLOWED_LATIN,
  vocabulary: readonly string[] = ENGLISH_UI_WORDS,
): string[] {
  // Names of keyboard keys after the Russian word for "key" ("Клавиша Enter") are what the keys say.
  let rest = text.replace(/клавиш[аиуе]\s+[A-Za-z]+/giu, ' ');
  for (const name of allowed.slice().sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(`(^|[^\\p{L}])${escape(name)}(?=$|[^\\p{L}])`, 'giu'), '$1 ');
  }
  const words = new Set(vocabulary.map((word) => word.toLowerCase()));
  const found: string[] = [];
  for (const match of rest.matchAll(/[A-Za-z]+(?:'[a-z]+)?/g)) {
    const word = match[0].toLowerCase();
    if (words.has(word)) found.push(word);
  }
  return found;
}
