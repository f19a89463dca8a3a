/**
 * Updates, the policy: whether this copy of Punchcard looks for updates at all, where, and what the tray and
 * Settings say about them. Plain code (no `electron`, no electron-updater) so it is tested in Node; the one place that
 * calls electron-updater is src/main/electron/updater.ts, and ./controller.ts decides when.
 *
 * Off, in this order of precedence (the first that applies is what Settings says):
 *  - `managed`: PUNCH_NO_UPDATES=1 (or true/yes) in the environment. IT departments that roll out versions
 *    themselves set it machine-wide; the user's setting cannot turn updates back on.
 *  - `not-installed`: the app runs from its sources (`npm start`, `electron-vite dev`): there is nothing to replace.
 *    Web mode and `punch` never create an updater at all (only src/main/index.ts does).
 *  - `setting`: the user turned "Keep Punchcard up to date" off in Settings (preference `autoUpdate`).
 *  - `no-source`: neither the build (app-update.yml, written by electron-builder from PUNCH_UPDATE_URL or
 *    PUNCH_UPDATE_GITHUB when packaging) nor the environment (PUNCH_UPDATE_URL at run time) names an update feed.
 */
import { said } from '../../shared/i18n/english';
import { defineMessages, type Wording } from '../../shared/i18n/messages';
import { saidOf, type Said, type Words } from '../../shared/i18n/said';
import type { Preferences } from '../../shared/preferences';

const M = defineMessages({
  badUrl: {
    id: 'shell.update.bad-url',
    defaultMessage: 'The update address "{url}" ({variable}) is not a web address: use one like https://updates.example.com/punchcard/.',
  },
  badGithub: {
    id: 'shell.update.bad-github',
    defaultMessage: 'The update source "{source}" ({variable}) is not a GitHub owner/repository: use one like acme/punchcard.',
  },
  restart: {
    id: 'tray.restart-to-update',
    defaultMessage: 'Restart to update to {version}',
    description: 'A tray menu item. {version}: 1.4.0.',
  },
  managed: {
    id: 'shell.update.managed',
    defaultMessage: 'Updates are managed by your organisation on this computer: Punchcard does not look for them.',
  },
  notInstalled: {
    id: 'shell.update.not-installed',
    defaultMessage: 'Updates come with the installed app; this copy runs from its source code.',
  },
  setting: { id: 'shell.update.off', defaultMessage: 'Punchcard {version} does not look for updates.' },
  noSource: {
    id: 'shell.update.no-source',
    defaultMessage: 'This copy of Punchcard has no update source: new versions come from whoever installed it.',
  },
  text: {
    id: 'core.text',
    defaultMessage: '{text}',
    description: 'Text said as it is (a name, or words that came from elsewhere): translate as {text} alone.',
  },
  waiting: {
    id: 'shell.update.waiting',
    defaultMessage: 'Punchcard {version}: looks for updates shortly after it starts and then once a day.',
  },
  checking: { id: 'shell.update.checking', defaultMessage: 'Looking for an update...' },
  current: { id: 'shell.update.current', defaultMessage: 'Punchcard {version} is up to date.' },
  downloading: { id: 'shell.update.downloading', defaultMessage: 'Downloading Punchcard {version} in the background.' },
  ready: {
    id: 'shell.update.ready',
    defaultMessage:
      'Punchcard {version} is ready: it is installed when you quit Punchcard, or now with "Restart to update" in the tray menu.',
    description: '"Restart to update" names the tray menu\'s item (tray.restart-to-update): translate it the same way.',
  },
  failed: {
    id: 'shell.update.failed',
    defaultMessage:
      '{version, select, none {Looking for an update} other {The update to Punchcard {version}}} {reason, select, damaged {arrived damaged (it does not match what the update server published), so it was not installed. Punchcard tries again tomorrow.} unreachable {failed: the update server could not be reached. Punchcard tries again within the hour.} noUpdate {failed: the update server has no update for this computer. Punchcard tries again tomorrow.} other {failed. Punchcard tries again tomorrow.}}',
  },
});

export type UpdatesOff = 'managed' | 'not-installed' | 'setting' | 'no-source';

/** An update feed named at run time: a generic server (latest*.yml next to the installers), or GitHub releases. */
export type UpdateFeed = { provider: 'generic'; url: string } | { provider: 'github'; owner: string; repo: string };

export type UpdateDecision = { on: true; feed?: UpdateFeed } | { on: false; why: UpdatesOff };

const YES = /^(1|true|yes|on)$/i;

/**
 * PUNCH_UPDATE_URL (an http(s) address) or PUNCH_UPDATE_GITHUB (owner/repo), when set, replaces the feed the build
 * names: a managed machine can point every copy at its own mirror. A value that is not one is an error in words
 * (what was wrong, what to do), and updates stay off rather than asking somewhere unintended.
 */
export function feedFromEnvironment(env: Record<string, string | undefined>): UpdateFeed | { error: string; errorSaid: Said } | undefined {
  const url = env.PUNCH_UPDATE_URL?.trim();
  if (url) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
      const w = said(M.badUrl.id, { url, variable: 'PUNCH_UPDATE_URL' });
      return { error: w.message, errorSaid: saidOf(w) };
    }
    return { provider: 'generic', url: parsed.href };
  }
  const github = env.PUNCH_UPDATE_GITHUB?.trim();
  if (github) {
    const [owner, repo, extra] = github.split('/');
    if (!owner || !repo || extra !== undefined) {
      const w = said(M.badGithub.id, { source: github, variable: 'PUNCH_UPDATE_GITHUB' });
      return { error: w.message, errorSaid: saidOf(w) };
    }
    return { provider: 'github', owner, repo };
  }
  return undefined;
}

export function decideUpdates(opts: {
  env: Record<string, string | undefined>;
  /** Electron's app.isPackaged: an installed app, not `npm start`. */
  isPackaged: boolean;
  prefs: Pick<Preferences, 'autoUpdate'>;
  /** The build wrote app-update.yml (electron-builder's `publish`). */
  builtInFeed: boolean;
}): UpdateDecision & { problem?: string; problemSaid?: Said } {
  if (YES.test(opts.env.PUNCH_NO_UPDATES?.trim() ?? '')) return { on: false, why: 'managed' };
  if (!opts.isPackaged) return { on: false, why: 'not-installed' };
  if (!opts.prefs.autoUpdate) return { on: false, why: 'setting' };
  const fromEnv = feedFromEnvironment(opts.env);
  if (fromEnv && 'error' in fromEnv) return { on: false, why: 'no-source', problem: fromEnv.error, problemSaid: fromEnv.errorSaid };
  if (fromEnv) return { on: true, feed: fromEnv };
  return opts.builtInFeed ? { on: true } : { on: false, why: 'no-source' };
}

/** Where updating is, as Settings and the tray show it. */
export type UpdateState =
  | { kind: 'off'; why: UpdatesOff; problem?: string; problemSaid?: Said }
  | { kind: 'waiting' } // on; no check has finished yet
  | { kind: 'checking' }
  | { kind: 'current'; checkedAt: number } // the feed offers nothing newer
  | { kind: 'downloading'; version: string }
  | { kind: 'ready'; version: string } // downloaded and verified: installs on quit
  | { kind: 'failed'; reason: UpdateFailure; version?: string; at: number };

/** Why a check or a download did not end in a ready update; said in words by `updateWords`. */
export type UpdateFailure = 'unreachable' | 'damaged' | 'no-update-for-this-computer' | 'other';

/** The tray menu's item: only when an update is ready, so the menu stays short the rest of the time. */
export function updateMenuLabel(state: UpdateState, w?: Wording): string | undefined {
  if (state.kind !== 'ready') return undefined;
  // (`w` may be anything when this is a callback of Array.map)
  return typeof w?.say === 'function' ? w.say(M.restart, { version: state.version }) : `Restart to update to ${state.version}`;
}

/** One sentence for Settings, under "Keep Punchcard up to date", as a code and values with its English. */
export function updateSaid(state: UpdateState, version: string): Words {
  switch (state.kind) {
    case 'off':
      if (state.why === 'managed') return said(M.managed.id);
      if (state.why === 'not-installed') return said(M.notInstalled.id);
      if (state.why === 'setting') return said(M.setting.id, { version });
      if (state.problemSaid) return { ...state.problemSaid, message: state.problem ?? '' };
      return state.problem ? said(M.text.id, { text: state.problem }) : said(M.noSource.id);
    case 'waiting':
      return said(M.waiting.id, { version });
    case 'checking':
      return said(M.checking.id);
    case 'current':
      return said(M.current.id, { version });
    case 'downloading':
      return said(M.downloading.id, { version: state.version });
    case 'ready':
      return said(M.ready.id, { version: state.version });
    case 'failed':
      return said(M.failed.id, {
        version: state.version ?? 'none',
        reason: state.reason === 'no-update-for-this-computer' ? 'noUpdate' : state.reason,
      });
  }
}

/** The same in English (logged at start). */
export const updateWords = (state: UpdateState, currentVersion: string): string => updateSaid(state, currentVersion).message;

/**
 * An error from electron-updater (or its HTTP layer) as one of the reasons above. It reads the error's `code`
 * (builder-util-runtime's ERR_CHECKSUM_MISMATCH, Node's network codes) and never shows it: the words come from
 * `updateWords`.
 */
export function failureOf(error: unknown): UpdateFailure {
  const e = error as { code?: unknown; statusCode?: unknown; message?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message)) return 'damaged';
  if (
    ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH'].includes(code) ||
    /net::ERR_|socket hang up|timed? ?out/i.test(message)
  )
    return 'unreachable';
  if (
    code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' ||
    code === 'ERR_UPDATER_NO_FILES_PROVIDED' ||
    code === 'ERR_UPDATER_LATEST_VERSION_NOT_FOUND' ||
    e?.statusCode === 404
  )
    return 'no-update-for-this-computer';
  return 'other';
}
