/**
 * What a failed call says to people, one function per message from values (what was being done, a wait, a limit),
 * each a code and values with its English beside it (src/shared/i18n/said.ts): the network failed, something else
 * answered, the service failed, paced or stopped. `doing` is what was being done (./words.ts `doingSaid`).
 */
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Said, SaidValue, Words } from '../../shared/i18n/said';

/** ./errors.ts NetworkFailureKind (not imported: errors.ts imports this module). */
type FailureKind = 'refused' | 'dns' | 'timeout' | 'cancelled' | 'reset' | 'cut-off' | 'not-the-service';

type Doing = { said: Said };

const M = defineMessages({
  // the probe before a write (./reachability.ts); the id is kept from its first home
  notChecked: {
    id: 'core.outbox.not-checked',
    defaultMessage: 'Not sent: the service did not answer a check just before sending ({why}); nothing was sent.',
  },
  notTheService: {
    id: 'core.service.not-the-service',
    defaultMessage:
      "Something other than the service answered while {doing} ({what, select, page {a web page} kind {an answer of another kind} redirect {a redirect} empty {an empty answer} shape {an answer without the service's usual form} other {an answer that is not the service's}}): a login page or proxy (Wi-Fi sign-in?). {write, select, yes {What was sent may or may not have reached the service.} other {Nothing was read.}}",
    description: '{doing}: what Punchcard was doing (a core.service.doing.* phrase).',
  },
  // an HTML page with a 5xx status: a gateway or load balancer in front of the service (a Wi-Fi sign-in page answers
  // 200 or a redirect), so not "Wi-Fi sign-in?"
  gatewayError: {
    id: 'core.service.gateway-error',
    defaultMessage:
      'A server in front of the service answered with an error page while {doing}: the service or that server is failing; try again later. {write, select, yes {What was sent may or may not have reached the service.} other {Nothing was read.}}',
    description:
      'A gateway or load balancer answered with its error page. {doing}: what Punchcard was doing (a core.service.doing.* phrase).',
  },
  serverError: {
    id: 'core.service.server-error',
    defaultMessage: 'The service is failing right now (a server error while {doing}); try again later.',
  },
  signInRefused: {
    id: 'core.service.sign-in-refused',
    defaultMessage: 'The service did not accept your sign-in (it may have expired). Sign in again.',
  },
  noPermission: {
    id: 'core.service.no-permission',
    defaultMessage:
      'You do not have permission for this ({doing}): your account or its sign-in does not allow it. Ask your administrator, or sign in with an account that may.',
  },
  slowDown: {
    id: 'core.service.slow-down',
    defaultMessage: 'The service asked Punchcard to slow down ({doing}): it can go again {wait}.',
    description: '{wait}: when, relative to now ("in 5 minutes").',
  },
  slowDownAt: {
    id: 'core.service.slow-down-at',
    defaultMessage: 'The service asked Punchcard to slow down ({doing}): it can go again {wait} (at {at}).',
    description: '{wait}: when, relative to now ("in 5 minutes"); {at}: that clock time.',
  },
  connectTimeout: {
    id: 'core.service.connect-timeout',
    defaultMessage:
      '{host, select, none {The service} other {The service at {host}}} could not be reached in time while {doing} (the connection was never made). Nothing was sent. Check the network connection and the service address, then try again.',
    description: '{host}: the service address tried, as it is (people.zoho.eu, 10.0.0.5:443), or "none" when not known.',
  },
  answerTimeout: {
    id: 'core.service.answer-timeout',
    defaultMessage:
      'The service did not answer in time while {doing}{seconds, select, none {} other { ({seconds} s)}}. {write, select, yes {It may or may not have been applied.} other {Nothing was changed.}}',
    description: '{seconds}: how long Punchcard waited, in seconds (a number), or "none".',
  },
  dns: {
    id: 'core.service.dns',
    defaultMessage:
      'The service could not be reached while {doing}: its name could not be found (DNS). Check the connection; nothing was sent.',
  },
  serviceDown: {
    id: 'core.service.service-down',
    defaultMessage: 'The service could not be reached while {doing}: it is not answering; the network is fine. Nothing was sent.',
  },
  noNetwork: {
    id: 'core.service.no-network',
    defaultMessage: 'The service could not be reached while {doing}: no network. Check the connection; nothing was sent.',
  },
  proxy: {
    id: 'core.service.proxy',
    defaultMessage: 'Something other than the service answered while {doing}: a login page or proxy (Wi-Fi sign-in?). Nothing was sent.',
  },
  cutOff: {
    id: 'core.service.cut-off',
    defaultMessage:
      "The service's answer was cut off while {doing}: the connection was cut. {write, select, yes {It may or may not have been applied.} other {Nothing was changed.}}",
  },
  broke: {
    id: 'core.service.broke',
    defaultMessage:
      'The connection to the service broke while {doing}. {write, select, yes {It may or may not have been applied.} other {Nothing was changed.}}',
  },
  cancelledInFlight: {
    id: 'core.service.cancelled-in-flight',
    defaultMessage:
      'Stopped while {doing}: it was cancelled before the service answered. {write, select, yes {It may or may not have been applied.} other {Nothing was changed.}}',
  },
  cancelled: {
    id: 'core.service.cancelled',
    defaultMessage: 'Stopped: it was cancelled before the answer came. Nothing was changed.',
  },
  gaveUp: {
    id: 'core.service.gave-up',
    defaultMessage:
      'Gave up before {doing}: no time was left ({why, select, pacing {Punchcard paces its requests so that the service does not lock it out} other {it took too long}}). Nothing was sent.',
  },
  stoppedBefore: {
    id: 'core.service.stopped-before',
    defaultMessage: 'Stopped before {doing}: it was cancelled. Nothing was sent.',
  },
  budgetUnreadable: {
    id: 'core.service.budget-unreadable',
    defaultMessage: 'Punchcard could not check how many requests it may send now ({doing}); nothing was sent, it is tried again later.',
  },
  paced: {
    id: 'core.service.paced',
    defaultMessage:
      'Punchcard paces its requests to the service (at most {limit, number} per {window} for {doing}); nothing was sent, the next one can go {wait}.',
    description: '{window}: a span of time ("1 min", "2 s"); {wait}: when, relative to now ("in 40 seconds").',
  },
  unreadableAnswer: {
    id: 'core.service.unreadable-answer',
    defaultMessage:
      "Punchcard could not understand the service's answer while {doing}. Try again later; if it keeps happening, the service may have changed.",
  },
  noLogList: {
    id: 'core.service.no-log-list',
    defaultMessage: 'The service does not offer a list of your logs; Punchcard uses what it does offer instead.',
  },
});

/** Why a call failed on the way, in a few words said inside other sentences ("Not sent: {why}."). */
const CAUSE = defineMessages({
  refused: {
    id: 'core.service.cause.refused',
    defaultMessage: 'no network',
    description: 'Why the service could not be reached, said inside other sentences ("Not sent: no network.").',
  },
  dns: { id: 'core.service.cause.dns', defaultMessage: "the service's name could not be found (DNS)" },
  timeout: { id: 'core.service.cause.timeout', defaultMessage: 'the service did not answer in time' },
  cancelled: { id: 'core.service.cause.cancelled', defaultMessage: 'it was stopped before the service answered' },
  reset: { id: 'core.service.cause.reset', defaultMessage: 'the connection was cut' },
  notTheService: {
    id: 'core.service.cause.not-the-service',
    defaultMessage: 'a login page or proxy answered instead of the service (Wi-Fi sign-in?)',
  },
  serviceDown: { id: 'core.service.cause.service-down', defaultMessage: 'the service is not answering; the network is fine' },
});

const yes = (write: boolean | undefined) => (write === false ? 'no' : 'yes');

/** The plain words of each kind of network failure, as a phrase of its own (`NetworkError.plain`). */
export function causeSaid(kind: FailureKind | 'service-down'): Said {
  const m =
    kind === 'service-down'
      ? CAUSE.serviceDown
      : kind === 'cut-off'
        ? CAUSE.reset
        : kind === 'not-the-service'
          ? CAUSE.notTheService
          : CAUSE[kind];
  return { code: m.id, values: {} };
}

export const failureWords = {
  notTheService: (doing: Doing, what: 'page' | 'kind' | 'redirect' | 'empty' | 'shape' | 'other', write: boolean): Words =>
    said(M.notTheService.id, { doing, what, write: write ? 'yes' : 'no' }),
  gatewayError: (doing: Doing, write: boolean): Words => said(M.gatewayError.id, { doing, write: write ? 'yes' : 'no' }),
  serverError: (doing: Doing): Words => said(M.serverError.id, { doing }),
  signInRefused: (): Words => said(M.signInRefused.id),
  noPermission: (doing: Doing): Words => said(M.noPermission.id, { doing }),
  slowDown: (doing: Doing, waitMs: number): Words => said(M.slowDown.id, { doing, wait: { wait: waitMs } }),
  /** `at`: when it may go again (epoch ms), said as a clock time. */
  slowDownAt: (doing: Doing, waitMs: number, at: number): Words =>
    said(M.slowDownAt.id, { doing, wait: { wait: waitMs }, at: { at, now: at } }),
  connectTimeout: (doing: Doing, host: string | undefined): Words => said(M.connectTimeout.id, { doing, host: host || 'none' }),
  answerTimeout: (doing: Doing, timeoutMs: number, write: boolean | undefined): Words =>
    said(M.answerTimeout.id, { doing, seconds: timeoutMs >= 1000 ? Math.round(timeoutMs / 1000) : 'none', write: yes(write) }),
  dns: (doing: Doing): Words => said(M.dns.id, { doing }),
  serviceDown: (doing: Doing): Words => said(M.serviceDown.id, { doing }),
  noNetwork: (doing: Doing): Words => said(M.noNetwork.id, { doing }),
  proxy: (doing: Doing): Words => said(M.proxy.id, { doing }),
  cutOff: (doing: Doing, write: boolean | undefined): Words => said(M.cutOff.id, { doing, write: yes(write) }),
  broke: (doing: Doing, write: boolean | undefined): Words => said(M.broke.id, { doing, write: yes(write) }),
  cancelledInFlight: (doing: Doing, write: boolean | undefined): Words => said(M.cancelledInFlight.id, { doing, write: yes(write) }),
  cancelled: (): Words => said(M.cancelled.id),
  gaveUp: (doing: Doing, why: 'pacing' | 'too-long'): Words => said(M.gaveUp.id, { doing, why }),
  stoppedBefore: (doing: Doing): Words => said(M.stoppedBefore.id, { doing }),
  budgetUnreadable: (doing: Doing): Words => said(M.budgetUnreadable.id, { doing }),
  /** `window`: the rule's span, as a value already in words ("1 min"). */
  paced: (doing: Doing, limit: number, window: SaidValue, waitMs: number): Words =>
    said(M.paced.id, { doing, limit, window, wait: { wait: waitMs } }),
  unreadableAnswer: (doing: Doing): Words => said(M.unreadableAnswer.id, { doing }),
  noLogList: (): Words => said(M.noLogList.id),
  /** A write not sent: the probe before it was not answered (`why`: the network's cause, or the error). */
  notChecked: (why: SaidValue): Words => said(M.notChecked.id, { why }),
};
