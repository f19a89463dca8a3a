#!/usr/bin/env bash
# A newcomer's machine, reproduced: a clean clone installed with libsecret's headers hidden (PKG_CONFIG_LIBDIR at an
# empty folder) and no prepared Node headers (npm_config_nodedir at an empty folder, a fresh node-gyp cache), so
# keytar cannot build. `npm ci` must still succeed, and `punch status` and web mode must work on the built-in sandbox.
# Run by .ci/run; alone: `bash scripts/check-bare-install.sh`. Leaves nothing behind.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/punch-bare-XXXXXX")"
WEB_PID=""
cleanup() { [ -n "${KEEP_BARE:-}" ] && return; [ -n "$WEB_PID" ] && kill "$WEB_PID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT
say() { echo "bare install: $*"; }

mkdir -p "$TMP/no-pkgconfig" "$TMP/no-node-headers" "$TMP/gyp-cache" "$TMP/data"
git clone -q "$ROOT" "$TMP/punchcard"
cd "$TMP/punchcard"
export PKG_CONFIG_LIBDIR="$TMP/no-pkgconfig" npm_config_nodedir="$TMP/no-node-headers" npm_config_devdir="$TMP/gyp-cache"
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PUNCH_DATA_DIR="$TMP/data"
say "npm ci with libsecret's headers and Node's headers hidden"
npm ci --no-audit --no-fund --loglevel=error >"$TMP/npm-ci.log" 2>&1 || { cat "$TMP/npm-ci.log"; say "FAILED: npm ci"; exit 1; }
if node -e "require('keytar')" >/dev/null 2>&1; then
  say "FAILED: keytar loaded although its headers were hidden, so this check did not test a bare machine"; exit 1
fi
say "npm ci succeeded without keytar (as on a bare machine)"

out="$(node bin/punch.cjs status 2>&1)" || { echo "$out"; say "FAILED: punch status exited non-zero"; exit 1; }
echo "$out" | grep -qi "sandbox" || { echo "$out"; say "FAILED: punch status did not answer from the built-in sandbox"; exit 1; }
say "punch status answered from the built-in sandbox"

node scripts/web.mjs --port 0 --no-open >"$TMP/web.out" 2>"$TMP/web.err" &
WEB_PID=$!
url=""
for _ in $(seq 1 180); do
  url="$(grep -Eo 'http://127\.0\.0\.1:[0-9]+/[^ ]*' "$TMP/web.out" | head -1 || true)"
  [ -n "$url" ] && break
  kill -0 "$WEB_PID" 2>/dev/null || break
  sleep 0.5
done
[ -n "$url" ] || { cat "$TMP/web.out" "$TMP/web.err"; say "FAILED: web mode printed no URL"; exit 1; }
page="$(curl -fsS "$url")" || { say "FAILED: web mode did not serve $url"; exit 1; }
echo "$page" | grep -q '<div id="root"' || { say "FAILED: web mode served no app page"; exit 1; }
say "web mode served the app at its URL"
say "ok"
