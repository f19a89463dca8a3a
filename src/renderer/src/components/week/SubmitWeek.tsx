/**
 * Submit the week for approval: the button says why it is disabled while something blocks it, and opens a
 * confirmation with what will be submitted (api.previewSubmit) before anything is sent.
 */
import { useState } from 'react';
import { weekLabel } from '../../../../shared/time/week';
import { showDate } from '../../format';
import { useApp } from '../../store/useApp';
import { Dialog } from '../Dialog';
import { ErrorMessage, Outcome } from '../Messages';
import { blockerTexts } from '../../../../shared/said-words';
import { useWording } from '../../i18n/I18n';

const OUTSIDE_NOTE = 'The service also includes any hours for this week logged outside Punchcard that are not in a timesheet yet.';

export function SubmitWeek() {
  const w = useWording();
  const preview = useApp((s) => s.week.preview);
  const previewError = useApp((s) => s.week.previewError);
  const submitting = useApp((s) => s.week.submitting);
  const submitError = useApp((s) => s.week.submitError);
  const submitNotice = useApp((s) => s.week.submitNotice);
  const submitted = useApp((s) => s.week.submitted);
  const status = useApp((s) => s.week.view?.timesheet?.status);
  const weekStart = useApp((s) => s.week.weekStart);
  const submit = useApp((s) => s.week.submit);
  const loadPreview = useApp((s) => s.week.loadPreview);
  const [confirming, setConfirming] = useState(false);

  const blocked = !preview || preview.blockers.length > 0 || preview.action === 'none';
  const reason = !preview
    ? previewError
      ? 'Could not check whether this week can be submitted.'
      : 'Checking the week...'
    : (blockerTexts(w, preview)[0] ?? (preview.action === 'none' ? 'Nothing to submit for this week.' : null));
  // The core also "resubmits" a draft (modifytimesheet, spec 4.1), but to the user only a rejected week is a resubmission.
  const rejected = useApp((s) => s.week.view?.timesheet?.status === 'rejected');
  const label = rejected ? 'Resubmit week' : 'Submit week';

  // Submitted (or approved): nothing to do here, and nothing to read as a refusal. Just after submitting, a success
  // line; later, where the week stands. No disabled button saying "already submitted".
  if (status === 'pending' || status === 'approved') {
    return (
      <section className="submit-week" aria-label="Submit for approval">
        <div className="submit-summary">
          {preview && (
            <span>
              Total <strong className="mono">{preview.totalHours}</strong>
            </span>
          )}
          {submitted ? (
            <Outcome>{submitted}</Outcome>
          ) : (
            <p className="muted small" data-testid="submit-state">
              {status === 'pending' ? 'Submitted: waiting for your manager\u2019s approval.' : 'Approved by your manager.'}
            </p>
          )}
        </div>
        {submitNotice && (
          <p className="banner" role="status" data-testid="submit-notice">
            <span aria-hidden="true">{'\u2139\uFE0E'}</span> {submitNotice}
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="submit-week" aria-label="Submit for approval">
      <div className="row row-between">
        <div className="submit-summary">
          {preview && (
            <span>
              Total <strong className="mono">{preview.totalHours}</strong>
            </span>
          )}
          {reason && (
            <p id="submit-reason" className="muted small">
              {reason}
            </p>
          )}
          {preview && preview.blockers.length > 1 && (
            <ul className="small muted blockers">
              {blockerTexts(w, preview)
                .slice(1)
                .map((b) => (
                  <li key={b}>{b}</li>
                ))}
            </ul>
          )}
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={blocked || submitting}
          aria-describedby={reason ? 'submit-reason' : undefined}
          onClick={() => {
            void loadPreview();
            setConfirming(true);
          }}
        >
          {label}...
        </button>
      </div>
      {!confirming && <ErrorMessage error={submitError} />}
      {submitNotice && (
        <p className="banner" role="status" data-testid="submit-notice">
          <span aria-hidden="true">{'\u2139\uFE0E'}</span> {submitNotice}
        </p>
      )}
      {previewError && <ErrorMessage error={previewError} onRetry={() => void loadPreview()} />}
      {confirming && preview && (
        <Dialog
          title={`${label} ${weekLabel(weekStart)}?`}
          onCancel={() => setConfirming(false)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-primary"
                autoFocus
                disabled={submitting || preview.blockers.length > 0}
                onClick={async () => {
                  if (await submit()) setConfirming(false);
                }}
              >
                {submitting ? 'Submitting...' : `Submit ${preview.totalHours}`}
              </button>
            </>
          }
        >
          <dl className="facts">
            <dt>Total</dt>
            <dd className="mono">{preview.totalHours}</dd>
            <dt>Days without hours</dt>
            <dd>{preview.daysWithoutHours.length ? preview.daysWithoutHours.map(showDate).join(', ') : 'None'}</dd>
          </dl>
          {preview.blockers.length > 0 && (
            <div className="callout callout-warn" role="alert">
              <span className="callout-icon" aria-hidden="true">
                !
              </span>
              <div className="callout-text">
                <p>Cannot submit yet:</p>
                <ul>
                  {blockerTexts(w, preview).map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              </div>
            </div>
          )}
          <p className="muted small">Your manager is asked to approve it; its logs become read-only until then.</p>
          {/* spec 4.2 has no "list my time logs": loose logs made elsewhere are invisible here, but the submit takes them. */}
          <p className="muted small" data-testid="submit-outside-note">
            {OUTSIDE_NOTE}
          </p>
          <ErrorMessage error={submitError} />
        </Dialog>
      )}
    </section>
  );
}
