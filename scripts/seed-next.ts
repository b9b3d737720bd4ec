/**
 * Start the next version in docs/ from the latest released one: `npm run next:seed`.
 * Copies versioned_docs/version-<latest>/ into docs/ when docs/ holds no pages yet (scripts/build-variant.ts,
 * `seedNext`), so that `DOCS_PREVIEW_NEXT=true npm run start` shows the next version with the unreleased banner.
 */
import { LATEST_SOURCE, seedNext } from './build-variant';

console.log(seedNext() ? `Следующая версия начата в docs/ как копия ${LATEST_SOURCE}/.` : 'В docs/ уже есть страницы следующей версии — ничего не копирую.');
