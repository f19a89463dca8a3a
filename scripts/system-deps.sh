#!/usr/bin/env bash
# What the test suites need from the system, beyond Node and npm, and what each one enables:
#   chromium                     the browser end-to-end suite (Playwright drives Debian's Chromium)
#   chromium-headless-shell      the same Chromium's headless build, which the browser suite runs in when present:
#                                the same engine at about half the CPU (playwright.config.ts says the figures)
#   libsecret-1-dev              building keytar, the OS keychain module (an optional dependency)
#   gnome-keyring, dbus, dbus-x11  a real Secret Service for the keychain tests
#   xvfb                         a display for the Electron suite, where an Electron binary exists
# Run as root on Debian/Ubuntu, it installs what is missing and says so. Otherwise it installs nothing and writes the
# suites that will be skipped, with the one command that enables them, to reports/skipped-suites.txt; the closing
# summary of `npm test` prints that list. Sourced by scripts/test.sh; also runnable alone: `sudo bash scripts/system-deps.sh`.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p reports
: > reports/skipped-suites.txt

declare -A ENABLES=(
  [chromium]="the browser end-to-end suite (Playwright in Chromium)"
  [libsecret-1-dev]="the keychain (keytar) build, so signing in to a real account can keep its token"
  [gnome-keyring]="the keychain tests against a real Secret Service"
  [dbus]="the keychain tests against a real Secret Service"
  [dbus-x11]="the keychain tests against a real Secret Service"
  [xvfb]="the Electron suite's virtual display"
)
PKGS=(chromium chromium-headless-shell libsecret-1-dev gnome-keyring dbus dbus-x11 xvfb)

have_pkg() { command -v dpkg >/dev/null && dpkg -s "$1" >/dev/null 2>&1; }

missing=()
for p in "${PKGS[@]}"; do have_pkg "$p" || missing+=("$p"); done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "npm test: installing the Debian packages the suites need: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    if apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
      missing=()
    else
      echo "npm test: apt-get could not install ${missing[*]}; the suites that need them are skipped."
    fi
  fi
fi

if [ ${#missing[@]} -gt 0 ]; then
  declare -A said=()
  for p in "${missing[@]}"; do
    if [ "$p" = chromium-headless-shell ]; then # nothing is skipped for it: the suite runs in the full Chromium
      echo "note: the browser suite runs in the full Chromium, at about twice the CPU (needs the Debian package: missing $p)" >> reports/skipped-suites.txt
      continue
    fi
    what="${ENABLES[$p]}"
    [ -n "${said[$what]:-}" ] && continue
    said[$what]=1
    echo "skipped: $what (needs the Debian package(s): missing ${p})" >> reports/skipped-suites.txt
  done
  echo "enable them with: sudo apt-get install ${missing[*]}   (or: sudo bash scripts/system-deps.sh)" >> reports/skipped-suites.txt
fi

# keytar is optional: npm ci skips it when libsecret's headers were missing at install time. Now that they may be
# here, build it, so the keychain tests run against the real module. Node's headers: the system's when present
# (no download needed), otherwise node-gyp fetches them, which may fail offline; then the keychain tests say so.
if ! node -e "require('keytar')" >/dev/null 2>&1 && have_pkg libsecret-1-dev; then
  echo "npm test: building keytar (the OS keychain module) now that libsecret's headers are installed"
  if [ -d /usr/include/node ]; then export npm_config_nodedir=/usr; fi
  if [ -d node_modules/keytar ]; then
    npm rebuild keytar >/dev/null 2>&1
  else
    # npm ci removed it when its build failed; install the version package.json names, without changing package.json
    version="$(node -p "require('./package.json').optionalDependencies.keytar")"
    npm install --no-save --no-audit --no-fund "keytar@${version}" >/dev/null 2>&1
  fi
  node -e "require('keytar')" >/dev/null 2>&1 \
    || echo "npm test: keytar could not be built; the keychain tests are skipped (they say why)."
fi
