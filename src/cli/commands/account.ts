/**
 * Signing in and out (the account is stored by the core; tokens go to the OS keychain, never to a file), and
 * `status`: who you are, whether the service is reachable, what waits in the outbox.
 */
import type { AccountInfo, StorageState } from '../../shared/domain';
import { networkWords } from '../../shared/network';
import { syncLine } from '../../shared/sync-words';
import { EXIT, type Command, textOption, flagOption } from '../command';
import { UsageError } from '../failure';
import { str } from '../input';
import { formatPairs } from '../table';
import { withDamage } from './data';
import { rateLimitWords } from '../rate-limit';
import { plainMoment } from '../../shared/words';

function describeAccount(a: AccountInfo): string {
  return formatPairs([
    ['Account', a.kind === 'sandbox' ? 'built-in sandbox (demo company)' : 'time tracking service'],
    ['Service', a.baseUrl],
    ['Data centre', a.dataCentre],
    ['User', a.user],
    [
      'Signed in',
      a.signedIn
        ? `yes (${a.authMethod === 'oauth' ? 'OAuth' : a.authMethod === 'token' ? 'pasted token' : 'no token needed'})`
        : (a.problem ?? 'no'),
    ],
  ]);
}

const STORAGE_WORDS: Record<StorageState, string> = {
  ok: 'writable',
  full: 'the disk is full: nothing new can be saved',
  'read-only': 'the disk is read-only: nothing new can be saved',
  denied: 'Punchcard may not write there: nothing new can be saved',
  failed: 'the disk failed on the last write',
};

export const loginCommand: Command = {
  name: 'login',
  summary: 'sign in with a token or OAuth (stored in the OS keychain); without options: use the built-in sandbox',
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
  summary: 'sign out: remove the tokens from the keychain and go back to the built-in sandbox',
  usage: 'logout',
  options: {},
  async run(ctx) {
    const a = await (await ctx.core({ useEnvAccount: false })).call('signOut', {});
    return { json: a, text: `Signed out; back to the built-in sandbox.\n${describeAccount(a)}` };
  },
};

export const statusCommand: Command = {
  name: 'status',
  summary: 'who you are, whether the service is reachable, what waits in the outbox; exits 5 while a damaged data file is not acknowledged',
  usage: 'status',
  options: {},
  details: [
    'Measures the connection (one cheap read unless the service answered in the last few seconds) and says why it',
    'cannot be used: no network, DNS, a login page instead of the service, no answer, sign-in rejected, rate limited',
    'until HH:MM, server error. Exit 0 when the service can be used, 2 when it cannot (the output is printed either way).',
  ],
  async run(ctx) {
    const s = await (await ctx.core()).call('getStatus', { check: true });
    const cause = s.network?.cause ?? 'unchecked';
    // the same status line as the app's pill, the outbox and the tray (src/shared/sync-words.ts): the same counts
    const line = syncLine(s);
    const { waiting, needsAttention, otherAccounts: others } = line.counts;
    const text = [
      describeAccount(s.account),
      formatPairs([
        ['Connection', s.online ? networkWords(s.network) : `not reachable: ${networkWords(s.network)}`],
        ['Last sync', s.lastSyncAt ? plainMoment(s.lastSyncAt) : 'never'],
        ['Sync', line.sentence],
        [
          'Outbox',
          `${waiting} waiting (${s.outbox.queued} queued, ${s.outbox.sending} syncing), ${needsAttention} need${needsAttention === 1 ? 's' : ''} attention` +
            (others ? `; ${others} wait${others === 1 ? 's' : ''} for another account (\`punch outbox\`)` : ''),
        ],
        ['Data directory', `${ctx.globals.dataDir} (${STORAGE_WORDS[s.storage ?? 'ok']})`],
        ['Damaged files', s.damage?.length ? `${s.damage.length} not acknowledged (\`punch data\`)` : 'none'],
      ]),
      ...[rateLimitWords(s)].filter((w): w is string => w !== undefined),
    ].join('\n');
    // docs/cli.md exit codes: 2 when the service or the network failed (a measured cause, never assumed); a file kept
    // aside is said on every status until the user has seen it (exit 5, which wins)
    const measured =
      cause !== 'online'
        ? {
            json: s,
            text,
            exitCode: EXIT.serviceFailed,
            problem: `the service cannot be used now: ${networkWords(s.network)}.`,
            ...(hintFor(cause) ? { hint: hintFor(cause) } : {}),
          }
        : { json: s, text };
    return withDamage(measured, s);
  },
};

function hintFor(cause: string): string | undefined {
  if (cause === 'token-rejected') return 'Sign in again: `punch login --token - --user ...` (or --oauth).';
  if (cause === 'not-the-service') return 'Open a web page in a browser to finish the Wi-Fi sign-in, then try again.';
  if (cause === 'offline-dns') return 'Check the service address (--base-url / PUNCH_BASE_URL) and the network.';
  return undefined;
}
