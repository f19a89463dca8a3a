/**
 * "Delete timesheet..." and its confirmation, shared by the Week view (the user's own draft or rejected week) and the
 * Team review. Deleting removes only the timesheet: the service keeps its time logs, in no timesheet, so the dialog
 * says so before anything is sent (the sandbox and the service both detach the logs, spec 4.1 deletetimesheet).
 */
import { useState } from 'react';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import type { UserError } from '../../store/errors';
import { periodWords } from '../../team-words';
import { Dialog } from '../Dialog';
import { ErrorMessage } from '../Messages';
import '../../styles/team.css';

const M = defineMessages({
  open: { id: 'team.delete.open', defaultMessage: 'Delete timesheet...', description: 'Quiet button: opens the confirmation.' },
  titleNamed: {
    id: 'team.delete.title-named',
    defaultMessage: 'Delete the timesheet {name}?',
    description: "{name}: the timesheet's own name on the service (e.g. Week of 16-Nov-2026).",
  },
  titlePeriod: {
    id: 'team.delete.title-period',
    defaultMessage: 'Delete the timesheet for {period}?',
    description: '{period}: e.g. 9 – 15 Nov.',
  },
  title: { id: 'team.delete.title', defaultMessage: 'Delete the timesheet?' },
  body: {
    id: 'team.delete.body',
    defaultMessage:
      '{whose, select, own {Only the timesheet is deleted. Your time logs stay on the service, unattached: in no timesheet until the week is submitted again.} named {Only the timesheet is deleted. {name}’s time logs stay on the service, unattached: in no timesheet until the week is submitted again.} other {Only the timesheet is deleted. The employee’s time logs stay on the service, unattached: in no timesheet until the week is submitted again.}}',
    description:
      "The confirmation's text. whose: own (the user's own week), named ({name}: the employee), other (the employee, not named).",
  },
  keep: { id: 'team.delete.keep', defaultMessage: 'Keep it', description: 'Button: close the confirmation, delete nothing.' },
  deleting: { id: 'team.delete.deleting', defaultMessage: 'Deleting...' },
  confirm: { id: 'team.delete.confirm', defaultMessage: 'Delete timesheet', description: 'The red button that deletes it.' },
});

interface Props {
  /** The timesheet's own name on the service (the Week view), said in the question. */
  timesheetName?: string;
  /** Or its period (the Team review), said in the question instead. */
  period?: { from: string; to: string };
  /** Whose logs stay: the user's own (the Week view), or an employee's (the Team review; `name` when known). */
  owner: 'self' | { name?: string };
  /** A further line for the dialog (the Week view's limit on showing unattached logs). */
  note?: string;
  deleting: boolean;
  error: UserError | null;
  /** Resolves true when the service deleted it (the dialog then closes). */
  onDelete: () => Promise<boolean>;
}

export function DeleteTimesheet({ timesheetName, period, owner, note, deleting, error, onDelete }: Props) {
  const w = useWording();
  const [confirming, setConfirming] = useState(false);
  const title = timesheetName
    ? w.say(M.titleNamed, { name: timesheetName })
    : period
      ? w.say(M.titlePeriod, { period: periodWords(w, period.from, period.to) })
      : w.say(M.title);
  const whose = owner === 'self' ? 'own' : owner.name ? 'named' : 'other';
  return (
    <>
      {/* Quiet, and never the first thing the eye lands on: the dialog is where the red button is. */}
      <button type="button" className="btn btn-small quiet-danger" disabled={deleting} onClick={() => setConfirming(true)}>
        {w.say(M.open)}
      </button>
      {!confirming && <ErrorMessage error={error} />}
      {confirming && (
        <Dialog
          title={title}
          tone="danger"
          onCancel={() => setConfirming(false)}
          actions={
            <>
              <button type="button" className="btn" autoFocus onClick={() => setConfirming(false)}>
                {w.say(M.keep)}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={deleting}
                onClick={async () => {
                  if (await onDelete()) setConfirming(false);
                }}
              >
                {deleting ? w.say(M.deleting) : w.say(M.confirm)}
              </button>
            </>
          }
        >
          <p>{w.say(M.body, { whose, name: owner === 'self' ? '' : (owner.name ?? '') })}</p>
          {note && <p className="muted small">{note}</p>}
          <ErrorMessage error={error} />
        </Dialog>
      )}
    </>
  );
}
