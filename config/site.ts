/**
 * Site-wide constants (spec sections 1 and 9). Change them here, nowhere else; the ones the browser
 * needs too live in src/shared/site.ts and are re-exported here.
 */
import { ARCHIVED_VERSIONS, ISSUES_URL, REPOSITORY_URL } from '../src/shared/site';

export { ARCHIVED_VERSIONS, ISSUES_URL, REPOSITORY_URL };

export const SITE_TITLE = 'Monq Docs';
export const SITE_TAGLINE = 'Документация платформы мониторинга и автоматизации Monq';
export const SITE_URL = 'https://docs.monq.ru';
export const BASE_URL = '/';
/** Release of the product that this build of the portal documents. */
export const PRODUCT_RELEASE = '9.0.6';
export const EDIT_URL = `${REPOSITORY_URL}/edit/main/`;

/** Delay before content images are made zoomable, after load and after each route change (ms). */
export const IMAGE_ZOOM_DELAY_MS = 1000;
/** Hits per search results page. */
export const SEARCH_HITS_PER_PAGE = 30;
/** Copyright year shown in the footer (spec, section 2). */
export const COPYRIGHT_YEAR = 2025;

/** The newest released documentation version (the docs plugin's `lastVersion`, `next:seed`'s source). */
export const LATEST_VERSION = '9.0';

/** Outside links of the navbar. */
export const EXTERNAL_LINKS = {
  demo: { label: 'Запросить демо', href: 'https://monq.ru/' },
  chat: { label: 'Чат сообщества', href: 'https://t.me/monq_dev' },
  youtube: { label: 'Видео на YouTube', href: 'https://www.youtube.com/@monqlab' },
  rutube: { label: 'Видео на RUTUBE', href: 'https://rutube.ru/channel/monqlab/' },
  community: { label: 'Сообщество', href: 'https://habr.com/ru/companies/monq/' },
} as const;

/** Licence agreement of the platform (footer). */
export const LICENSE_URL = '/docs/get-started/setup/license';

/**
 * Announcement bar text. Its id is derived from the text (see announcementId), so changing the
 * message shows the bar again to readers who closed the previous one.
 */
export const ANNOUNCEMENT_HTML =
  'Вышла Monq 9.0: сборщики данных, обработчики и мониторинг без внешних систем. <a href="/upgrade/v9/changelog/v9-0-0">Что нового</a>';
