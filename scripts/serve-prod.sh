#!/usr/bin/env bash
# Install everything, build the production site and serve it on http://127.0.0.1:3000/ (PORT to change).
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
npm run build
exec npm run serve -- --port "${PORT:-3000}"
