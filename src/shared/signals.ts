/** The writers' signals (src/lib/reader/signals.ts): what the build (plugins/analytics) shares. */

/** The path the signals go to, under the site's base URL (deploy/nginx answers `/_signals`). */
export const SIGNALS_PATH = '_signals';
