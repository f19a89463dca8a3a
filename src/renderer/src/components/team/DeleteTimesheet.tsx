/**
 * "Delete timesheet..." and its confirmation, shared by the Week view (the user's own draft or rejected week) and the
 * Team review. Deleting removes only the timesheet: the service keeps its time logs, in no timesheet, so the dialog
 * says so before anything is sent (the sandbox and the service both detach the logs, spec 4.1 deletetimesheet).
 */
import { useState } from 'react';
import type { UserError } from '../../store/errors';
import { Dialog } from '../Dialog';
import { ErrorMessage } from '../Messages';
import '../../styles/team.css';

interface Props {
  timesheetName: string;
  /** Whose logs stay, as the sentence starts: "Your" on the Week view, "Sofia Garcia's" in the Team review. */
  whose: string;
  /** A further line for the dialog (the Week view's limit on showing unattached logs). */
  note?: string;
  deleting: boolean;
  error: UserError | null;
  /** Resolves true when the service deleted it (the dialog then closes). */
  onDelete: () => Promise<boolean>;
}

export function DeleteTimesheet({ timesheetName, whose, note, deleting, error, onDelete }: Props) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {/* Quiet, and never the first thing the eye lands on: the dialog is where the red button is. */}
      <button type="button" className="btn btn-small quiet-danger" disabled={deleting} onClick={() => setConfirming(true)}>
        Delete timesheet...
      </button>
      {!confirming && <ErrorMessage error={error} />}
      {confirming && (
        <Dialog
          title={`Delete the timesheet ${timesheetName}?`}
          tone="danger"
          onCancel={() => setConfirming(false)}
          actions={
            <>
              <button type="button" className="btn" autoFocus onClick={() => setConfirming(false)}>
                Keep it
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={deleting}
                onClick={async () => {
                  if (await onDelete()) setConfirming(false);
                }}
              >
                {deleting ? 'Deleting...' : 'Delete timesheet'}
              </button>
            </>
          }
        >
          <p>
            Only the timesheet is deleted. {whose} time logs stay on the service, unattached: in no timesheet until the week is submitted
            again.
          </p>
          {note && <p className="muted small">{note}</p>}
          <ErrorMessage error={error} />
        </Dialog>
      )}
    </>
  );
}
