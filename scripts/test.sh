#!/usr/bin/env bash
# Every test of the portal, from a fresh clone: `npm test` or `bash scripts/test.sh`.
# Installs what the tests need (Debian packages when missing, then npm ci), runs the static checks,
# builds the production site and runs the unit and browser tests against it on loopback.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

# Debian packages the tests use: Chromium for the browser tests and the PDF books, poppler-utils
# (pdfinfo, pdftotext) to read the PDF books, nginx with the brotli module for the self-hosting tests.
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx)
[ -e /usr/share/nginx/modules-available/mod-http-brotli-static.conf ] || [ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need+=(libnginx-mod-http-brotli-static)
if [ "${#need[@]}" -gt 0 ]; then
  step "Installing Debian packages: ${need[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

step "npm ci"
npm ci --no-audit --no-fund

step "Type-check and lint"
npm run typecheck
npm run lint

step "Content check, file paths named in notes and comments, Markdown lint, Russian spell check"
npm run check:content -- --quiet
npm run check:paths
npm run lint:md
npm run lint:spell

step "Production build"
npm run build

step "Every address of the published sitemap still answers"
npm run check:sitemap

step "PDF books of 9.0, 8.9 and the upgrade notes (build/pdf, read by tests/e2e/pdf.test.ts)"
npm run pdf

step "Site variants: a dummy analytics counter id, signals to both the site and the counter, hosted search with dummy settings"
npx tsx scripts/build-variant.ts metrica
npx tsx scripts/build-variant.ts signals
npx tsx scripts/build-variant.ts hosted

step "Site variants of the README's other switches (read by tests/e2e/switches.test.ts)"
for variant in next-load stock pr-preview webpack; do
  npx tsx scripts/build-variant.ts "$variant"
done
# pr-preview has DOCS_BUILD_CACHE=true: build it again from the cache it wrote (about 20 s); the
# browser test opens this second build.
npx tsx scripts/build-variant.ts pr-preview
export MONQ_DOCS_HOSTED_BUILD_DIR=build-variants/hosted

step "Unit and browser tests"
node --import tsx --test --test-concurrency=1 tests/unit/*.test.ts tests/e2e/*.test.ts tests/budget/*.test.ts
