/**
 * What the account and its sign-in say to people, one function per message from values (an address, a user, a
 * variable's name), each a code and values with its English beside it (src/shared/i18n/said.ts): refusals of a
 * token or a sign-in, the keychain, the account file and the demo company's data when they could not be read.
 * Names of commands, variables, scopes and files are values, never words of a message (docs/i18n.md).
 */
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { SaidValue, Words } from '../../shared/i18n/said';

const M = defineMessages({
  // the account file (account.json)
  file: { id: 'core.account.file.what', defaultMessage: 'the account', description: 'What a damaged file is.' },
  notRecord: {
    id: 'core.account.file.not-record',
    defaultMessage:
      "{problem, select, shape {the account record is not a record} kind {the account record does not say whether it is the demo or a service} address {the account record has no service address or user} method {the account record does not say how to sign in} client {the account record lacks its sign-in client} other {the account record's {key} is not text}}",
    description: 'What of a damaged account file could not be read. {key}: the name of a setting, kept as it is.',
  },
  mints: { id: 'core.account.file.mints', defaultMessage: 'the count of recent sign-in tokens' },
  marker: { id: 'core.account.file.marker', defaultMessage: 'the note that the account file was damaged' },
  demoAccount: { id: 'core.account.file.demo', defaultMessage: 'the account (the built-in demo company)' },
  serviceAccount: {
    id: 'core.account.file.service',
    defaultMessage: 'the account {user} on {host}',
    description: "{user}: an email or employee id; {host}: the service's address.",
  },
  nothing: { id: 'core.account.file.nothing', defaultMessage: 'nothing' },
  ifNothing: {
    id: 'core.account.file.if-nothing',
    defaultMessage:
      'you are not signed in until you sign in again (Settings → Account, or {command}); nothing is sent or queued under a guessed account',
    description: '{command}: the command to type (punch login), kept as it is.',
  },
  unreadable: {
    id: 'core.account.unreadable',
    defaultMessage:
      'Not signed in: the account file could not be read (kept as {keptAs}).{was, select, none {} user { It was for {user}.} host { It was for on {host}.} other { It was for {user} on {host}.}} Sign in again: Settings → Account, or {command}. Nothing is sent or queued until then.',
    description: "{keptAs}: a file path. {user}: an email or employee id; {host}: the service's address. {command}: punch login.",
  },
  // the session
  envTokenRefused: {
    id: 'core.account.env-token-refused',
    defaultMessage:
      'The service refused the token given in {variable} (or {option}): it is expired, revoked, or lacks the scopes {scopes}. Generate a new token and run again.',
    description: '{variable}, {option}: names typed as they are (PUNCH_TOKEN, --token). {scopes}: permission names, as they are.',
  },
  envNoToken: {
    id: 'core.account.env-no-token',
    defaultMessage: 'A service address is set ({variable} or {option}) but no token: set {tokenVariable} or pass {tokenOption}.',
  },
  oauthMissing: {
    id: 'core.account.oauth-missing',
    defaultMessage: 'The saved sign-in is missing from the keychain. Sign in again (Settings, or {command}).',
  },
  tokenMissing: {
    id: 'core.account.token-missing',
    defaultMessage: 'The saved token is missing from the keychain. Paste the token again in Settings (or {command}).',
  },
  tokenRefused: {
    id: 'core.account.token-refused',
    defaultMessage: 'The service refused the saved token: it has expired or was revoked. Paste a new token in Settings (or {command}).',
  },
  noEmployee: {
    id: 'core.account.no-employee',
    defaultMessage: 'No employee is set for this account: set {variable} (or {option}) to your email or employee id.',
  },
  // signing in
  lacksScopes: {
    id: 'core.account.sign-in.lacks-scopes',
    defaultMessage:
      'The service accepted the token but it lacks permission (scopes {scopes} are needed). {hint, select, token {Generate a new token (with both scopes) for the data centre of your account and paste it again.} other {Check that you signed in to the account of this data centre, then sign in again.}} Nothing was saved.',
  },
  tokenNotAccepted: {
    id: 'core.account.sign-in.refused',
    defaultMessage:
      'The service refused the token (it is expired, revoked, or belongs to another data centre). {hint, select, token {Generate a new token (with both scopes) for the data centre of your account and paste it again.} other {Check that you signed in to the account of this data centre, then sign in again.}} Nothing was saved.',
  },
  addressNeeded: {
    id: 'core.account.sign-in.address-needed',
    defaultMessage:
      'Service address or data centre: one of them is required. Choose your data centre (com, eu, in, ...) or enter the service address.',
    description: 'com, eu, in: codes of data centres, kept as they are.',
  },
  unknownDataCentre: {
    id: 'core.account.unknown-data-centre',
    defaultMessage:
      'Unknown data centre "{code}": the data centre must be one of {known}. It is the end of the address you sign in at (accounts.zoho.eu -> eu).',
    description: '{code}: what was typed; {known}: the codes that exist, kept as they are.',
  },
  // OAuth
  accountsUnreachable: {
    id: 'core.account.oauth.unreachable',
    defaultMessage: 'Could not reach the accounts server {host} to get an access token. Check the connection and try again.',
  },
  refreshRefused: {
    id: 'core.account.oauth.refresh-refused',
    defaultMessage:
      'The saved sign-in is no longer accepted (the refresh token was revoked, expired, or used too often). Sign in again. (accounts server said: {reason})',
    description: "{reason}: the accounts server's own code for the refusal, as it sent it.",
  },
  codeRefused: {
    id: 'core.account.oauth.code-refused',
    defaultMessage: 'The accounts server refused the sign-in code. Start the sign-in again. (accounts server said: {reason})',
  },
  tooManyTokens: {
    id: 'core.account.oauth.too-many-tokens',
    defaultMessage:
      'Punchcard has already fetched {limit, number} access tokens in the last {minutes, plural, one {# minute} other {# minutes}}, the most the service allows for one sign-in. Try again in about {wait, plural, one {# minute} other {# minutes}}.',
  },
  notCompleted: {
    id: 'core.account.oauth.not-completed',
    defaultMessage:
      'Sign-in was not completed in the browser ({why, select, none {no code returned} other {{why}}}). Start the sign-in again and allow access.',
    description: '{why}: the accounts server\'s own code for it, as it sent it, or "none".',
  },
  timedOut: {
    id: 'core.account.oauth.timed-out',
    defaultMessage:
      'Sign-in timed out: the browser did not return to Punchcard within {seconds, plural, one {# second} other {# seconds}} (a sign-in code is valid only 2 minutes). Start the sign-in again and finish it in the browser window that opens.',
  },
  noRefreshToken: {
    id: 'core.account.oauth.no-refresh-token',
    defaultMessage:
      'The accounts server returned no refresh token, so Punchcard could not stay signed in. Sign in again and approve offline access.',
  },
  // the keychain
  keychainLocked: {
    id: 'core.account.keychain.locked',
    defaultMessage:
      'Could not {action, select, read {read from} write {write to} other {delete from}} the OS keychain ({why}). Unlock the keychain (on Linux: a running, unlocked Secret Service such as gnome-keyring) and try again.',
    description: "{why}: the keychain's own technical words, as they are.",
  },
  keychainMissing: {
    id: 'core.account.keychain.missing',
    defaultMessage:
      'Punchcard cannot keep your sign-in: the OS keychain module (keytar) is not installed on this machine ({why}). {platform, select, linux {Install it with one command, in the Punchcard folder: {command} (it installs libsecret and gnome-keyring and builds keytar). Then sign in again.} other {Reinstall Punchcard ({command}) so that keytar is built, then sign in again.}}',
    description: '{command}: a command to type, kept as it is.',
  },
  // the demo company
  demoData: { id: 'core.account.demo.what', defaultMessage: "the demo company's data", description: 'What a damaged file is.' },
  demoDataLocked: {
    id: 'core.account.demo.locked-what',
    defaultMessage: "The demo company's data",
    description: 'The subject of "{what} is locked by another Punchcard process".',
  },
  demoList: {
    id: 'core.account.demo.list',
    defaultMessage:
      "{part, select, settings {the demo's settings (seeded again)} nextId {the demo's next id} other {the demo's {part} (seeded again)}}",
    description: '{part}: the name of a list of the demo data (employees, jobs, timeLogs...), kept as it is.',
  },
  demoKept: {
    id: 'core.account.demo.kept',
    defaultMessage: "the demo's {parts}{logs, plural, =0 {} one { (# time log)} other { (# time logs)}}; the rest is the seeded demo data",
    description: '{parts}: names of lists of the demo data, kept as they are.',
  },
  demoAgain: {
    id: 'core.account.demo.again',
    defaultMessage: 'the demo company starts again from its seeded data (what you changed in the demo is in the copy)',
  },
  demoNotBuilt: {
    id: 'core.account.demo.not-built',
    defaultMessage: 'this program was built without it',
    description: 'Why the built-in demo service could not start: this build of Punchcard does not include it.',
  },
  demoNoStart: {
    id: 'core.account.demo.no-start',
    defaultMessage:
      "The built-in demo service could not start ({why}). Check that the data directory is writable, or sign in to your company's service.",
  },
  notDemoEmployee: {
    id: 'core.account.demo.not-employee',
    defaultMessage:
      'Employee: "{user}" is not an employee of the demo company. Use an email or employee id of the demo data, for example {some}.',
  },
  // pacing from the environment
  badRate: {
    id: 'core.account.pacing.bad-rate',
    defaultMessage: '{name}="{text}" is not a rate: write requests per window, for example 20/60s, 20/1m or 5/2000ms.',
    description: "{name}: a variable's name; the examples are typed as they are.",
  },
  badBudget: {
    id: 'core.account.pacing.bad-budget',
    defaultMessage: '{name}="{text}" is not understood: use "off" (each process paces alone) or "shared" (the default).',
    description: '"off" and "shared" are typed as they are.',
  },
});

/** The two scopes a token needs (the service's names: never translated). */
export const SCOPES = 'ZOHOPEOPLE.timetracker.ALL and ZOHOPEOPLE.forms.ALL';

const w = (m: { id: string }, values: Parameters<typeof said>[1] = {}): Words => said(m.id, values);

export const accountWords = {
  file: () => w(M.file),
  notRecord: (problem: 'shape' | 'kind' | 'address' | 'method' | 'client' | 'text', key = '') => w(M.notRecord, { problem, key }),
  mints: () => w(M.mints),
  marker: () => w(M.marker),
  demoAccount: () => w(M.demoAccount),
  serviceAccount: (user: string, host: string) => w(M.serviceAccount, { user, host }),
  nothing: () => w(M.nothing),
  ifNothing: () => w(M.ifNothing, { command: '`punch login`' }),
  unreadable: (keptAs: string, user?: string, host?: string) =>
    w(M.unreadable, {
      keptAs,
      was: user && host ? 'both' : user ? 'user' : host ? 'host' : 'none',
      user: user ?? '',
      host: host ?? '',
      command: '`punch login`',
    }),
  envTokenRefused: () => w(M.envTokenRefused, { variable: 'PUNCH_TOKEN', option: '--token', scopes: SCOPES }),
  envNoToken: () =>
    w(M.envNoToken, { variable: 'PUNCH_BASE_URL', option: '--base-url', tokenVariable: 'PUNCH_TOKEN', tokenOption: '--token' }),
  oauthMissing: () => w(M.oauthMissing, { command: '`punch login --oauth`' }),
  tokenMissing: () => w(M.tokenMissing, { command: '`punch login --token`' }),
  tokenRefused: () => w(M.tokenRefused, { command: '`punch login --token`' }),
  noEmployee: () => w(M.noEmployee, { variable: 'PUNCH_USER', option: '--user' }),
  /** `hint`: what to do next, by how the sign-in was made (a pasted token, or the browser). */
  lacksScopes: (hint: 'token' | 'browser') => w(M.lacksScopes, { scopes: SCOPES, hint }),
  tokenNotAccepted: (hint: 'token' | 'browser') => w(M.tokenNotAccepted, { hint }),
  addressNeeded: () => w(M.addressNeeded),
  unknownDataCentre: (code: string, known: string[]) => w(M.unknownDataCentre, { code, known: known.join(', ') }),
  accountsUnreachable: (host: string) => w(M.accountsUnreachable, { host }),
  refreshRefused: (reason: string) => w(M.refreshRefused, { reason }),
  codeRefused: (reason: string) => w(M.codeRefused, { reason }),
  tooManyTokens: (limit: number, minutes: number, wait: number) => w(M.tooManyTokens, { limit, minutes, wait }),
  notCompleted: (why?: string) => w(M.notCompleted, { why: why ?? 'none' }),
  timedOut: (seconds: number) => w(M.timedOut, { seconds }),
  noRefreshToken: () => w(M.noRefreshToken),
  keychainLocked: (action: 'read' | 'write' | 'delete', why: string) => w(M.keychainLocked, { action, why }),
  keychainMissing: (why: string, platform: string) =>
    w(M.keychainMissing, {
      why,
      platform: platform === 'linux' ? 'linux' : 'other',
      command: platform === 'linux' ? 'sudo bash scripts/system-deps.sh' : 'npm ci',
    }),
  demoData: () => w(M.demoData),
  demoDataLocked: () => w(M.demoDataLocked),
  demoList: (part: string) => w(M.demoList, { part }),
  demoKept: (parts: string[], logs: number) => w(M.demoKept, { parts: parts.join(', '), logs }),
  demoAgain: () => w(M.demoAgain),
  /** `why`: the cause, said (an error's code and values) or as it is. */
  demoNoStart: (why: SaidValue) => w(M.demoNoStart, { why }),
  demoNotBuilt: () => w(M.demoNotBuilt),
  notDemoEmployee: (user: string, some: string[]) => w(M.notDemoEmployee, { user, some: some.join(', ') }),
  badRate: (name: string, text: string) => w(M.badRate, { name, text }),
  badBudget: (name: string, text: string) => w(M.badBudget, { name, text }),
};
