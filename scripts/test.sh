#!/usr/bin/env bash
# `npm test`: every suite, against real parts.
#  1. vitest (unit + integration over real HTTP against the sandbox), inside a private D-Bus session with an
#     unlocked gnome-keyring so the keychain tests hit a real Secret Service. Where those programs are missing
#     the keychain tests skip and say so. Every file runs in UTC+14; then the date-sensitive files (those whose
#     scenarios depend on the local day, week, hour or zone: the rule and its list are test/tools/date-sensitive.mjs)
#     run again in UTC-11, 25 hours away, so a test that depends on the hour, the day or the zone fails at once. Each
#     run must leave no `punch-*` entry in its temp directory (tests remove what they create). vitest asks for `punch`
#     and web mode's bundles at the start of each run (test/fixtures/build-node-bundles.ts) and the tests start them;
#     scripts/build-node.mjs builds them only when their inputs' contents changed since the last build (a hash kept
#     beside each bundle), so the second run, Playwright's setup and a `npm run build` before this script do not build
#     again. Every `punch` a test starts runs on one code cache of the run, private and made before the first test
#     (test/fixtures/build-node-bundles.ts), not on the user's. The longest files start first
#     (test/tools/slow-first-sequencer.ts, from test/tools/durations.json: refresh it with
#     `node scripts/test-durations.mjs` after a run), so no long file runs alone at the end.
#     Latest cost on 2 quiet cores (2026-11-28, a clean clone's `CI=true bash .ci/run` at 620acfa4): 7.0 min (422 s:
#     vitest 164 + 53 s, Playwright 3.4 min in Chromium's headless build; the whole CI run 8.5 min), against
#     12.5-13.6 min at 0700d64b and 740da5ce (vitest 269-272 + 119-126 s, Playwright 5.9-6.9 min): the integration tier
#     shares its workers, the language checks run punch in the test's process (h-vitest5), the UTC-11 pass runs 148
#     files, not 164 (h-minus11), and the browser is chromium-headless-shell (playwright.config.ts);
#     docs/benchmarks.md "Issue 25 at low load, a seventh stop". Earlier
#     cost on 2 quiet cores (2026-11-27, a clean clone's `CI=true bash .ci/run`): 10.3 min of wall time for this script
#     (vitest 241 + 103 s with 3 workers, Playwright 4.5 min with 2), about 14 min of CPU for the whole CI run; the
#     wall time follows the machine's load (54 min on 2 cores shared with a load average of 15, before these changes;
#     48 min at a mean load of 22 on 2026-11-28, with 1,155 s of CPU for the whole CI run against 1,141 on the quiet
#     machine: docs/benchmarks.md "The suite's time", second pass). Measured by
#     part (2026-11-27, load 6-22, docs/benchmarks.md "The suite's time"): the UTC+14 vitest pass 596 s of CPU (484 user
#     + 112 sys), Playwright 229-262 s, in 13.4 min with one worker and 6.9-9.8 min with two. Those Playwright figures
#     are `/usr/bin/time`'s, which misses what Chromium's zygotes reap (they outlive the browser): the whole tree of the
#     browser suite took 651 s of CPU in a run `/usr/bin/time` put at 236 s (load 26-39; `python3 scripts/tree-cpu.py
#     -- npx playwright test`, docs/benchmarks.md "The suite's time, fifth pass"), 84 % of it Chromium's. Where it goes:
#     `node scripts/slowest-tests.mjs` (the slowest files and tests of reports/vitest-*.json). Waits of the core
#     run on test clocks, not real time (test/fixtures/test-timers.ts, driven-clock.ts): the fault matrix took 159 s of
#     one worker and takes 51 s (one file, measured at a load of 10 to 20).
#  2. the renderer build (scripts/build-app.mjs: electron-vite, skipped when src/ hashes as at its last build) and the
#     Electron runtime's download (beside the UTC-11 pass: a network wait, 0.5-10 s to fail where there is no network), then
#     Playwright, two spec files at a time: the browser suite in Debian's Chromium against `npm run web`, and the
#     Electron suite, which skips with a plain message where no Electron binary exists.
set -uo pipefail
cd "$(dirname "$0")/.."

# A fresh clone: install the dependencies first, so `npm test` is the only command a newcomer needs.
if [ ! -x node_modules/.bin/vitest ]; then echo "Installing dependencies (npm ci, first run only)..."; npm ci --no-audit --no-fund || exit 1; fi
# What the suites need from the system (Chromium, a Secret Service, libsecret for keytar): installed when this runs
# as root with apt; otherwise the suites that need them are skipped and listed at the end with the command that
# enables them. Once per run (not again inside the private D-Bus session below).
if [ -z "${PUNCH_TEST_IN_DBUS:-}" ]; then bash scripts/system-deps.sh; fi

# Always a private session where possible, so the tests never touch the developer's own keychain.
if [ -z "${PUNCH_TEST_IN_DBUS:-}" ] \
  && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  export PUNCH_TEST_IN_DBUS=1
  XDG_DATA_HOME="$(mktemp -d -t punch-keyring-XXXXXX)"; export XDG_DATA_HOME
  dbus-run-session -- bash -c 'echo -n punchcard-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec bash scripts/test.sh' 2> >(grep -v 'Failed to set fd limit' >&2)
  rc=$?
  rm -rf "$XDG_DATA_HOME" # the private keyring goes with its session
  exit $rc
fi

# keep the list of skipped suites system-deps.sh wrote; everything else in reports/ is this run's
find reports -mindepth 1 ! -name skipped-suites.txt -exec rm -rf {} + 2>/dev/null; mkdir -p reports
status=0

# One vitest run in time zone $2, its report in reports/vitest-$1.json; $3 = date-sensitive: only those files. The run
# gets a temp directory of its own, so what is left in it afterwards was left by these tests (and by nothing else
# running on the machine): named, and a failure.
run_vitest() {
  local name=$1 zone=$2 only=${3:-} tmp before after left
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/punch-test-run-XXXXXX")"
  before=$(find "$tmp" -mindepth 1 -maxdepth 1 -name 'punch-*' | wc -l)
  echo "vitest in TZ=$zone${only:+, the date-sensitive files only} (report: reports/vitest-$name.json)"
  PUNCH_TEST_DATE_SENSITIVE_ONLY=$([ "$only" = date-sensitive ] && echo 1 || echo 0) TZ="$zone" TMPDIR="$tmp" \
    npx vitest run --reporter=default --reporter=json --outputFile.json="reports/vitest-$name.json" || status=1
  after=$(find "$tmp" -mindepth 1 -maxdepth 1 -name 'punch-*' | wc -l)
  left=$(find "$tmp" -mindepth 1 -maxdepth 1 -name 'punch-*' -printf '%f ' | sed 's/ $//')
  if [ -n "$left" ]; then
    echo "test.sh: vitest (TZ=$zone) left $((after - before)) punch-* entries in the temp dir (before: $before, after: $after): $left"
    status=1
  else
    echo "test.sh: vitest (TZ=$zone) left no punch-* entries in the temp dir (before: $before, after: $after)"
  fi
  rm -rf "$tmp"
}
run_vitest plus14 Pacific/Kiritimati
# electron 45 downloads its runtime on first use, not at npm ci: fetch it where that is possible, so the Electron suite
# runs there (here the download host is unreachable and the suite reports that it skipped). It waits on the network
# (0.5-10 s to fail here, 0.2 s of CPU), so it runs beside the UTC-11 pass instead of after it: no test of that pass
# reads Electron's runtime (package.test.ts, which does, is first-zone-only in test/tools/date-sensitive.mjs), and
# Playwright, which does, starts after it has ended.
timeout 300 node node_modules/electron/install.js >/dev/null 2>&1 &
electron_install=$!
run_vitest minus11 Pacific/Pago_Pago date-sensitive
node scripts/build-app.mjs || status=1 # electron-vite build, skipped when src/ hashes as at the last build
wait "$electron_install" || true
# The Electron suite needs a display where an Electron binary exists; give it a virtual one when there is none.
playwright=(npx playwright test --reporter=list,json)
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then playwright=(xvfb-run -a "${playwright[@]}"); fi
if [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-headless-shell ]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json "${playwright[@]}" || status=1
else
  echo "npm test: no Chromium at /usr/bin/chromium, so the browser and Electron suites are skipped (see the list at the end)."
fi
node scripts/test-summary.mjs || status=1
exit $status
