/**
 * Signing in and out (the account is stored by the core; tokens go to the OS keychain, never to a file), and
 * `status`: who you are, whether the service is reachable, what waits in the outbox.
 */
import type { AccountInfo } from '../../shared/domain';
import { networkWords } from '../../shared/status/network';
import { syncLine } from '../../shared/status/sync-words';
import { EXIT, type Command, textOption, flagOption } from '../command';
import { UsageError } from '../failure';
import { str } from '../input';
import { formatPairs } from '../table';
import { forgottenLines, morningLine } from '../forgotten';
import { withDamage } from './data';
import { rateLimitWords } from '../rate-limit';
import { defineMessage, defineMessages, type Wording } from '../../shared/i18n/messages';
import { englishWording } from '../../shared/i18n/english';
import { accountProblem } from '../../shared/said-words';

const M = defineMessages({
  account: { id: 'cli.status.account', defaultMessage: 'Account', description: 'Label in punch status.' },
  accountSandbox: { id: 'cli.status.account.sandbox', defaultMessage: 'built-in sandbox (demo company)' },
  accountService: { id: 'cli.status.account.service', defaultMessage: 'time tracking service' },
  service: { id: 'cli.status.service', defaultMessage: 'Service', description: "Label: the service's address." },
  dataCentre: { id: 'cli.status.data-centre', defaultMessage: 'Data centre' },
  user: { id: 'cli.status.user', defaultMessage: 'User' },
  signedIn: { id: 'cli.status.signed-in', defaultMessage: 'Signed in' },
  signedInYes: {
    id: 'cli.status.signed-in.yes',
    defaultMessage: '{how, select, oauth {yes (OAuth)} token {yes (pasted token)} other {yes (no token needed)}}',
  },
  signedInNo: { id: 'cli.status.signed-in.no', defaultMessage: 'no' },
  connection: { id: 'cli.status.connection', defaultMessage: 'Connection' },
  notReachable: {
    id: 'cli.status.not-reachable',
    defaultMessage: 'not reachable: {cause}',
    description: '{cause}: why, e.g. "no network".',
  },
  lastSync: { id: 'cli.status.last-sync', defaultMessage: 'Last sync' },
  never: { id: 'cli.status.never', defaultMessage: 'never' },
  sync: { id: 'cli.status.sync', defaultMessage: 'Sync' },
  outbox: { id: 'cli.status.outbox', defaultMessage: 'Outbox' },
  outboxCounts: {
    id: 'cli.status.outbox.counts',
    defaultMessage:
      '{waiting} waiting ({queued} queued, {sending} syncing), {attention, plural, one {# needs attention} other {# need attention}}{others, plural, =0 {} one {; # waits for another account ({outboxCommand})} other {; # wait for another account ({outboxCommand})}}',
    description: 'The outbox counts; {outboxCommand} is a command as typed.',
  },
  dataDirectory: { id: 'cli.status.data-directory', defaultMessage: 'Data directory' },
  dataDirectoryState: {
    id: 'cli.status.data-directory.state',
    defaultMessage:
      '{dir} ({state, select, ok {writable} full {the disk is full: nothing new can be saved} readOnly {the disk is read-only: nothing new can be saved} denied {Punchcard may not write there: nothing new can be saved} other {the disk failed on the last write}})',
    description: '{dir}: the folder, as it is.',
  },
  damaged: { id: 'cli.status.damaged', defaultMessage: 'Damaged files' },
  damagedCount: {
    id: 'cli.status.damaged.count',
    defaultMessage: '{count, plural, =0 {none} other {# not acknowledged ({command})}}',
    description: '{command}: a command as typed.',
  },
  cannotUse: { id: 'cli.status.cannot-use', defaultMessage: 'the service cannot be used now: {cause}.' },
  hintSignIn: {
    id: 'cli.status.hint.sign-in',
    defaultMessage: 'Sign in again: {command} (or {oauth}).',
    description: 'Commands and options as typed.',
  },
  hintWifi: { id: 'cli.status.hint.wifi', defaultMessage: 'Open a web page in a browser to finish the Wi-Fi sign-in, then try again.' },
  hintDns: {
    id: 'cli.status.hint.dns',
    defaultMessage: 'Check the service address ({options}) and the network.',
    description: '{options}: option and variable names as typed.',
  },
});

/** The account in the user's words (`punch status`; login and logout say it too). */
function describeAccount(a: AccountInfo, w: Wording = englishWording()): string {
  return formatPairs([
    [w.say(M.account), w.say(a.kind === 'sandbox' ? M.accountSandbox : M.accountService)],
    [w.say(M.service), a.baseUrl],
    [w.say(M.dataCentre), a.dataCentre],
    [w.say(M.user), a.user],
    [w.say(M.signedIn), a.signedIn ? w.say(M.signedInYes, { how: a.authMethod }) : (accountProblem(w, a) ?? w.say(M.signedInNo))],
  ]);
}

export const loginCommand: Command = {
  name: 'login',
  summary: defineMessage({
    id: 'cli.login.summary',
    defaultMessage: 'sign in with a token or OAuth (stored in the OS keychain); without options: use the built-in sandbox',
  }),
  usage: 'login [--token TOKEN|- --user USER (--base-url URL | --dc DC)] | [--oauth --client-id ID --dc DC --user USER]',
  options: {
    token: textOption('TOKEN', 'an access token from the service ("-" reads it from stdin; env PUNCH_TOKEN)'),
    user: textOption('USER', 'your employee email or employee id (env PUNCH_USER)'),
    'base-url': textOption('URL', 'the service base URL (env PUNCH_BASE_URL)'),
    dc: textOption('DC', 'data centre instead of a URL: com, eu, in, com.au, jp, zohocloud.ca, sa, com.cn'),
    oauth: flagOption('sign in through the browser (OAuth with PKCE); the URL to open is printed'),
    'client-id': textOption('ID', "OAuth client id (from the provider's developer console)"),
    'client-secret': textOption('SECRET', 'OAuth client secret, where the client has one'),
  },
  details: [
    'The token is checked once against the service before it is stored; a refused token stores nothing.',
    'Prefer PUNCH_TOKEN or --token - over --token TOKEN: command lines are visible to other users of the machine.',
  ],
  async run(ctx) {
    const v = ctx.values;
    const user = str(v, 'user') ?? ctx.globals.user;
    const dc = str(v, 'dc');
    if (v.oauth) {
      const clientId = str(v, 'client-id');
      if (!clientId || !dc || !user) {
        throw new UsageError(
          'login --oauth needs --client-id, --dc and --user, for example --oauth --client-id 1000.ABC --dc eu --user you@example.com.',
        );
      }
      ctx.note('Opening the sign-in page: if no browser opens, visit the URL below. Waiting up to 2 minutes...');
      const core = await ctx.core({ useEnvAccount: false });
      const a = await core.call('signInWithOAuth', {
        dataCentre: dc,
        clientId,
        user,
        ...(str(v, 'client-secret') ? { clientSecret: str(v, 'client-secret') } : {}),
      });
      return { json: a, text: `Signed in.\n${describeAccount(a)}` };
    }
    let token = str(v, 'token') ?? ctx.globals.token;
    const baseUrl = str(v, 'base-url') ?? ctx.globals.baseUrl;
    if (!token) {
      if (user || baseUrl || dc) throw new UsageError('login needs --token (or PUNCH_TOKEN) with --user and --base-url or --dc.');
      const a = await (await ctx.core({ useEnvAccount: false })).call('useSandbox', {});
      return { json: a, text: `Using the built-in sandbox.\n${describeAccount(a)}` };
    }
    if (token === '-') token = (await ctx.readStdin()).trim();
    if (!user) throw new UsageError('login --token needs --user (your employee email or employee id).');
    if (!baseUrl && !dc) throw new UsageError('login --token needs --base-url URL or --dc DC (for example --dc eu).');
    if (baseUrl && dc) throw new UsageError('give either --base-url or --dc, not both.');
    const a = await (
      await ctx.core({ useEnvAccount: false })
    ).call('signInWithToken', {
      user,
      token,
      ...(baseUrl ? { baseUrl } : {}),
      ...(dc ? { dataCentre: dc } : {}),
    });
    return { json: a, text: `Signed in; the token is in the OS keychain.\n${describeAccount(a)}` };
  },
};

export const logoutCommand: Command = {
  name: 'logout',
  summary: defineMessage({
    id: 'cli.logout.summary',
    defaultMessage: 'sign out: remove the tokens from the keychain and go back to the built-in sandbox',
  }),
  usage: 'logout',
  options: {},
  async run(ctx) {
    const a = await (await ctx.core({ useEnvAccount: false })).call('signOut', {});
    return { json: a, text: `Signed out; back to the built-in sandbox.\n${describeAccount(a)}` };
  },
};

export const statusCommand: Command = {
  name: 'status',
  summary: defineMessage({
    id: 'cli.status.summary',
    defaultMessage:
      'who you are, whether the service is reachable, what waits in the outbox; exits 5 while a damaged data file is not acknowledged',
  }),
  usage: 'status',
  options: {},
  details: [
    'Measures the connection (one cheap read unless the service answered in the last few seconds) and says why it',
    'cannot be used: no network, DNS, a login page instead of the service, no answer, sign-in rejected, rate limited',
    'until HH:MM, server error. Exit 0 when the service can be used, 2 when it cannot (the output is printed either way).',
  ],
  async run(ctx) {
    const w = ctx.words;
    const core = await ctx.core();
    const s = await core.call('getStatus', { check: true });
    // a timer left running past the end of day is said here too (src/cli/forgotten.ts)
    // the status always answers: a timer or a reminder that cannot be read leaves its line out
    const timer = await core.call('getTimer', {}).catch(() => undefined);
    const morning = await core.call('getMorningReminder', {}).catch(() => null);
    const cause = s.network?.cause ?? 'unchecked';
    // the same status line as the app's pill, the outbox and the tray (src/shared/sync-words.ts): the same counts
    const line = syncLine(s, w);
    const { waiting, needsAttention, otherAccounts: others } = line.counts;
    const text = [
      describeAccount(s.account, w),
      formatPairs([
        [w.say(M.connection), s.online ? networkWords(s.network, w) : w.say(M.notReachable, { cause: networkWords(s.network, w) })],
        [w.say(M.lastSync), s.lastSyncAt ? w.formats.dateTime(s.lastSyncAt) : w.say(M.never)],
        [w.say(M.sync), line.sentence],
        [
          w.say(M.outbox),
          w.say(M.outboxCounts, {
            waiting,
            queued: s.outbox.queued,
            sending: s.outbox.sending,
            attention: needsAttention,
            others,
            outboxCommand: '`punch outbox`',
          }),
        ],
        [
          w.say(M.dataDirectory),
          w.say(M.dataDirectoryState, { dir: ctx.globals.dataDir, state: s.storage === 'read-only' ? 'readOnly' : (s.storage ?? 'ok') }),
        ],
        [w.say(M.damaged), w.say(M.damagedCount, { count: s.damage?.length ?? 0, command: '`punch data`' })],
      ]),
      ...[rateLimitWords(s, w)].filter((x): x is string => x !== undefined),
      ...(timer ? forgottenLines(timer, Date.now(), w) : []),
      ...morningLine(morning, w),
    ].join('\n');
    // docs/cli.md exit codes: 2 when the service or the network failed (a measured cause, never assumed); a file kept
    // aside is said on every status until the user has seen it (exit 5, which wins)
    const hint = hintFor(cause, w);
    const json = {
      ...s,
      ...(timer?.forgotten ? { forgottenTimer: { jobName: timer.jobName, ...timer.forgotten } } : {}),
      ...(morning?.due ? { morningReminder: morning } : {}),
    };
    const measured =
      cause !== 'online'
        ? {
            json,
            text,
            exitCode: EXIT.serviceFailed,
            problem: w.say(M.cannotUse, { cause: networkWords(s.network, w) }),
            ...(hint ? { hint } : {}),
          }
        : { json, text };
    return withDamage(measured, s, w);
  },
};

function hintFor(cause: string, w: Wording): string | undefined {
  if (cause === 'token-rejected') return w.say(M.hintSignIn, { command: '`punch login --token - --user ...`', oauth: '--oauth' });
  if (cause === 'not-the-service') return w.say(M.hintWifi);
  if (cause === 'offline-dns') return w.say(M.hintDns, { options: '--base-url / PUNCH_BASE_URL' });
  return undefined;
}
