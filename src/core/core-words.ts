/**
 * What the core's own files say to people (the log gate, the damage reports' calls, the composition root's notices),
 * one function per message from values, each a code and values with its English beside it (src/shared/i18n/said.ts).
 */
import { defineMessages } from '../shared/i18n/messages';
import { said } from '../shared/i18n/english';
import type { Said, SaidValue, Words } from '../shared/i18n/said';

const M = defineMessages({
  logUnknown: {
    id: 'core.log.unknown',
    defaultMessage: 'That log is not known here any more; open its week again, then try again.',
  },
  logGone: { id: 'core.outbox.log-gone', defaultMessage: 'That log is not here any more (it may have been deleted); open its week again.' },
  logDeleted: { id: 'core.log.deleted-meanwhile', defaultMessage: 'That log was deleted meanwhile; open its week again.' },
  noSettings: { id: 'core.log.no-settings', defaultMessage: 'The company settings could not be read yet.' },
  lockedEdit: {
    id: 'core.log.locked-edit',
    defaultMessage:
      'Date: this log is in a week that is submitted or approved, so it cannot change. Ask your manager to reject the week first.',
  },
  lockedDelete: {
    id: 'core.log.locked-delete',
    defaultMessage:
      'This log is in a week that is submitted or approved, so it cannot be deleted. Ask your manager to reject the week first.',
  },
  answered: {
    id: 'core.damage.answered',
    defaultMessage:
      'That report was answered already (its logs were {action, select, logged {logged again} other {discarded}}); nothing was changed.',
  },
  noReports: {
    id: 'core.damage.no-reports',
    defaultMessage: "No damage report {ids}. The reports are listed by {command} (or the app's notice); give their ids, or {all}.",
    description: '{ids}: report ids; {command}: punch data; {all}: --all. All kept as they are.',
  },
  noReport: {
    id: 'core.damage.no-report',
    defaultMessage: "No damage report {id}. The reports are listed by {command} (or the app's banner).",
  },
  noOffer: {
    id: 'core.damage.no-offer',
    defaultMessage: 'That report offers no logs to log again: acknowledge it once you have read it.',
  },
  awayNotAsked: { id: 'core.timer.away-not-asked', defaultMessage: 'Could not ask about the time the computer was away: {why}' },
  suspendNotStopped: { id: 'core.timer.suspend-not-stopped', defaultMessage: 'Could not stop the timer on sleep: {why}' },
});

const w = (m: { id: string }, values: Said['values'] = {}): Words => said(m.id, values);

export const coreWords = {
  logUnknown: () => w(M.logUnknown),
  logGone: () => w(M.logGone),
  logDeleted: () => w(M.logDeleted),
  noSettings: () => w(M.noSettings),
  lockedEdit: () => w(M.lockedEdit),
  lockedDelete: () => w(M.lockedDelete),
  answered: (action: 'logged' | 'discarded') => w(M.answered, { action }),
  noReports: (ids: string[]) => w(M.noReports, { ids: ids.join(', '), command: '`punch data`', all: '--all' }),
  noReport: (id: string) => w(M.noReport, { id, command: '`punch data`' }),
  noOffer: () => w(M.noOffer),
  awayNotAsked: (why: SaidValue) => w(M.awayNotAsked, { why }),
  suspendNotStopped: (why: SaidValue) => w(M.suspendNotStopped, { why }),
};
