#!/usr/bin/env bash
# Builds web and API into a private folder and runs Playwright against that build, so several
# people (or agents) can run browser tests at once without rebuilding each other's dist/.
# Usage: scripts/e2e-isolated.sh NAME [playwright args...]
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:?usage: scripts/e2e-isolated.sh NAME [playwright args]}"
shift
out="$PWD/apps/api/.e2e-builds/$name"
rm -rf "$out"
(cd apps/web && npx vite build --outDir "$out/web" --emptyOutDir >/dev/null)
(cd apps/api && API_OUT_DIR="$out/api" node build.mjs)
E2E_API_ENTRY="$out/api/main.js" E2E_WEB_DIST="$out/web" npx playwright test "$@"
