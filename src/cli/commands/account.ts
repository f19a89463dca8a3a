/**
 * `status`: who you are, whether the service is reachable, what waits in the outbox; and the account in words, which
 * `login` and `logout` (./login.ts) say too.
 */
import { offerSize, type AccountInfo, type AppStatus } from '../../shared/domain';
import { isCutOff, isGatewayError, networkWords } from '../../shared/status/network';
import { syncLine } from '../../shared/status/sync-words';
import { EXIT, type Command } from '../command';
import { formatPairs } from '../table';
import { forgottenLines, morningLine } from './timer/forgotten';
import { withDamage } from './data';
import { rateLimitWords } from '../rate-limit';
import { momentWords } from '../words';
import { defineMessage, defineMessages, type Wording } from '../../shared/i18n/messages';
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
      '{waiting, number} waiting ({queued, number} queued, {sending, number} syncing), {attention, plural, one {# needs attention} other {# need attention}}{others, plural, =0 {} one {; # waits for another account ({outboxCommand})} other {; # wait for another account ({outboxCommand})}}',
    description: 'The outbox counts; {outboxCommand} is a command as typed.',
  },
  outboxHeld: {
    id: 'cli.status.outbox.held',
    defaultMessage:
      '{counts}; {count, plural, one {# waits for your answer about a delete that was not saved} other {# wait for your answer about a delete that was not saved}} ({command})',
    description:
      '{counts}: the outbox counts (a sentence part); then the queued entries not sent until the user answers a damage report about a delete the disk lost. {command}: a command as typed.',
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
  damagedOffered: {
    id: 'cli.status.damaged.offered',
    defaultMessage:
      '{count, plural, one {# log read back from a damaged file waits for your answer} other {# logs read back from a damaged file wait for your answer}} ({command})',
    description:
      'After the count of damaged files, when some of their logs were neither logged again nor discarded. {command}: a command as typed.',
  },
  damagedOfferedDeletes: {
    id: 'cli.status.damaged.offered-deletes',
    defaultMessage:
      '{count, plural, one {# delete that was not saved waits for your answer} other {# deletes that were not saved wait for your answer}} ({command})',
    description:
      'After the count of damaged files: logs the user deleted whose delete the disk lost; the user answers delete it or keep it. {command}: a command as typed.',
  },
  cannotUse: { id: 'cli.status.cannot-use', defaultMessage: 'the service cannot be used now: {cause}.' },
  hintSignIn: {
    id: 'cli.status.hint.sign-in',
    defaultMessage: 'Sign in again: {command} (or {oauth}).',
    description: 'Commands and options as typed.',
  },
  hintWifi: { id: 'cli.status.hint.wifi', defaultMessage: 'Open a web page in a browser to finish the Wi-Fi sign-in, then try again.' },
  hintGateway: {
    id: 'cli.status.hint.gateway',
    defaultMessage:
      'The service or a server in front of it is failing: try again in a few minutes. {log} still works: entries wait in the outbox.',
  },
  hintCutOff: {
    id: 'cli.status.hint.cut-off',
    defaultMessage:
      'The network may be fine: a proxy, a firewall or the service itself closed the connection. Try again in a few minutes; if it keeps happening, ask whoever runs your network or the service. {log} still works: entries wait in the outbox.',
    description: '{log}: a command as typed.',
  },
  hintDns: {
    id: 'cli.status.hint.dns',
    defaultMessage: 'Check the service address ({options}) and the network.',
    description: '{options}: option and variable names as typed.',
  },
  statusDetails: {
    id: 'cli.status.details',
    defaultMessage:
      'Measures the connection (one cheap read unless the service answered in the last few seconds) and says why it\ncannot be used: no network, DNS, a login page instead of the service, no answer, sign-in rejected, rate limited\nuntil HH:MM, server error. Exit 0 when the service can be used, 2 when it cannot (the output is printed either way).',
    description: 'Lines of punch status --help: break the lines where they read well (about 110 characters).',
  },
});

/** The account in the user's words (`punch status`; login and logout say it too). */
export function describeAccount(a: AccountInfo, w: Wording): string {
  return formatPairs([
    [w.say(M.account), w.say(a.kind === 'sandbox' ? M.accountSandbox : M.accountService)],
    [w.say(M.service), a.baseUrl],
    [w.say(M.dataCentre), a.dataCentre],
    [w.say(M.user), a.user],
    [w.say(M.signedIn), a.signedIn ? w.say(M.signedInYes, { how: a.authMethod }) : (accountProblem(w, a) ?? w.say(M.signedInNo))],
  ]);
}

export const statusCommand: Command = {
  name: 'status',
  summary: defineMessage({
    id: 'cli.status.summary',
    defaultMessage:
      'who you are, whether the service is reachable, what waits in the outbox; exits 5 while a damaged data file is not acknowledged',
  }),
  usage: 'status',
  options: {},
  details: [M.statusDetails],
  async run(ctx) {
    const w = ctx.words;
    const core = await ctx.core();
    const s = await core.call('getStatus', { check: true });
    // a timer left running past the end of day is said here too (src/cli/commands/timer/forgotten.ts)
    // the status always answers: a timer or a reminder that cannot be read leaves its line out
    const timer = await core.call('getTimer', {}).catch(() => undefined);
    const morning = await core.call('getMorningReminder', {}).catch(() => null);
    const cause = s.network?.cause ?? 'unchecked';
    // the same status line as the app's pill, the outbox and the tray (src/shared/status/sync-words.ts): the same counts
    const line = syncLine(s, w);
    const { waiting, heldForAnswer, needsAttention, otherAccounts: others } = line.counts;
    const counts = w.say(M.outboxCounts, {
      waiting,
      queued: s.outbox.queued,
      sending: s.outbox.sending,
      attention: needsAttention,
      others,
      outboxCommand: '`punch outbox`',
    });
    const text = [
      describeAccount(s.account, w),
      formatPairs(
        [
          [w.say(M.connection), s.online ? networkWords(s.network, w) : w.say(M.notReachable, { cause: networkWords(s.network, w) })],
          [w.say(M.lastSync), s.lastSyncAt ? momentWords(w, s.lastSyncAt) : w.say(M.never)],
          [w.say(M.sync), line.sentence],
          // a held entry is among `queued` but not among what waits: counted on its own, with where to answer
          [w.say(M.outbox), heldForAnswer ? w.say(M.outboxHeld, { counts, count: heldForAnswer, command: '`punch data`' }) : counts],
          [
            w.say(M.dataDirectory),
            w.say(M.dataDirectoryState, { dir: ctx.globals.dataDir, state: s.storage === 'read-only' ? 'readOnly' : (s.storage ?? 'ok') }),
          ],
          [w.say(M.damaged), damagedWords(s, w)],
        ],
        { maxWidth: ctx.width },
      ),
      ...[await rateLimitWords(s, w)].filter((x): x is string => x !== undefined),
      ...(timer ? forgottenLines(timer, Date.now(), w) : []),
      ...morningLine(morning, w),
    ].join('\n');
    // docs/cli.md exit codes: 2 when the service or the network failed (a measured cause, never assumed); a file kept
    // aside is said on every status until the user has seen it (exit 5, which wins)
    const hint = hintFor(cause, w, s.network);
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

function hintFor(cause: string, w: Wording, network: AppStatus['network']): string | undefined {
  if (isGatewayError(network)) return w.say(M.hintGateway, { log: '`punch log`' });
  if (isCutOff(network)) return w.say(M.hintCutOff, { log: '`punch log`' });
  if (cause === 'token-rejected') return w.say(M.hintSignIn, { command: '`punch login --token - --user ...`', oauth: '--oauth' });
  if (cause === 'not-the-service') return w.say(M.hintWifi);
  if (cause === 'offline-dns') return w.say(M.hintDns, { options: '--base-url / PUNCH_BASE_URL' });
  return undefined;
}

/** The damaged files not acknowledged, and the logs offered from them that wait for the user's answer (seen or not). */
function damagedWords(s: AppStatus, w: Wording): string {
  const unseen = w.say(M.damagedCount, { count: s.damage?.length ?? 0, command: '`punch data`' });
  // each kind with its own words: logs and changes read back are logged again or discarded, a delete made or kept
  let toLogAgain = 0;
  let deletes = 0;
  for (const r of s.offers ?? []) {
    const n = r.offer?.deletes?.length ?? 0;
    deletes += n;
    toLogAgain += offerSize(r.offer) - n;
  }
  const command = '`punch data`';
  return [
    unseen,
    ...(toLogAgain ? [w.say(M.damagedOffered, { count: toLogAgain, command })] : []),
    ...(deletes ? [w.say(M.damagedOfferedDeletes, { count: deletes, command })] : []),
  ].join('; ');
}
