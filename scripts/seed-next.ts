/**
 * Start the next version in docs/ from the latest released one: `npm run next:seed`.
 * Copies versioned_docs/version-<latest>/ into docs/ when docs/ holds no pages yet, so that
 * `DOCS_PREVIEW_NEXT=true npm run start` shows the next version with the unreleased banner.
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { LATEST_VERSION } from '../config/site';

const target = 'docs';
const source = `versioned_docs/version-${LATEST_VERSION}`;
const hasPages = existsSync(target) && readdirSync(target).some((name) => !name.startsWith('.'));
if (hasPages) {
  console.log(`В ${target}/ уже есть страницы следующей версии — ничего не копирую.`);
} else {
  cpSync(source, target, { recursive: true });
  console.log(`Следующая версия начата в ${target}/ как копия ${source}/.`);
}
