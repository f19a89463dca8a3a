/**
 * Submit the week for approval: the button says why it is disabled while something blocks it, and opens a
 * confirmation with what will be submitted (api.previewSubmit) before anything is sent.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useApp } from '../../store/useApp';
import { Dialog } from '../Dialog';
import { ErrorMessage, Outcome } from '../Messages';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { sayWords } from '../../i18n/words';
import { LOG_WORDS } from '../../log-words';
import { blockerTexts } from '../../../../shared/said-words';

const M = defineMessages({
  outside: {
    id: 'week.submit.outside-note',
    defaultMessage: 'The service also includes any hours for this week logged outside Punchcard that are not in a timesheet yet.',
  },
  cannotCheck: { id: 'week.submit.cannot-check', defaultMessage: 'Could not check whether this week can be submitted.' },
  checking: { id: 'week.submit.checking', defaultMessage: 'Checking the week...' },
  nothing: { id: 'week.submit.nothing', defaultMessage: 'Nothing to submit for this week.' },
  button: {
    id: 'week.submit.button',
    defaultMessage: '{resubmit, select, yes {Resubmit week...} other {Submit week...}}',
    description: 'Opens the confirmation before a week is sent for approval (resubmit: the manager rejected it).',
  },
  title: {
    id: 'week.submit.title',
    defaultMessage: '{resubmit, select, yes {Resubmit week {week}?} other {Submit week {week}?}}',
    description: 'Title of the confirmation. {week}: the week’s first and last day ("16 – 22 Nov 2026").',
  },
  name: {
    id: 'week.submit.name',
    defaultMessage: 'Submit for approval',
    description: 'Screen reader name of the submit part of the week.',
  },
  total: { id: 'week.submit.total', defaultMessage: 'Total {hours}', description: 'The week’s total; {hours}: HH:MM, in bold.' },
  state: {
    id: 'week.submit.state',
    defaultMessage: '{status, select, pending {Submitted: waiting for your manager\u2019s approval.} other {Approved by your manager.}}',
  },
  submitting: { id: 'week.submit.submitting', defaultMessage: 'Submitting...' },
  submit: { id: 'week.submit.confirm', defaultMessage: 'Submit {hours}', description: 'The confirmation’s button; {hours}: HH:MM.' },
  totalLabel: { id: 'week.submit.total-label', defaultMessage: 'Total' },
  empty: { id: 'week.submit.days-without-hours', defaultMessage: 'Days without hours' },
  none: { id: 'week.submit.none', defaultMessage: 'None', description: 'No days without hours.' },
  blocked: { id: 'week.submit.blocked', defaultMessage: 'Cannot submit yet:', description: 'Before the list of what stops the submit.' },
  approval: { id: 'week.submit.approval', defaultMessage: 'Your manager is asked to approve it; its logs become read-only until then.' },
});

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
  // After a submit the button the dialog came from is gone (the week is read-only now), so the dialog's return of
  // focus would leave it on the page's body: the line that says the week was submitted takes it instead.
  const [justSubmitted, setJustSubmitted] = useState(false);
  const doneLine = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!justSubmitted) return;
    setJustSubmitted(false);
    if (!doneLine.current?.contains(document.activeElement)) doneLine.current?.focus();
  }, [justSubmitted]);

  const blocked = !preview || preview.blockers.length > 0 || preview.action === 'none';
  const reason = !preview
    ? w.say(previewError ? M.cannotCheck : M.checking)
    : (blockerTexts(w, preview)[0] ?? (preview.action === 'none' ? w.say(M.nothing) : null));
  // The core also "resubmits" a draft (modifytimesheet, spec 4.1), but to the user only a rejected week is a resubmission.
  const rejected = useApp((s) => s.week.view?.timesheet?.status === 'rejected');
  const resubmit = rejected ? 'yes' : 'no';
  const total = preview && (
    <span>
      <FormattedMessage {...M.total} values={{ hours: <strong className="mono">{preview.totalHours}</strong> }} />
    </span>
  );

  // Submitted (or approved): nothing to do here, and nothing to read as a refusal. Just after submitting, a success
  // line; later, where the week stands. No disabled button saying "already submitted".
  if (status === 'pending' || status === 'approved') {
    return (
      <section className="submit-week" aria-label={w.say(M.name)}>
        <div className="submit-summary" ref={doneLine} tabIndex={-1}>
          {total}
          {submitted ? (
            <Outcome>{sayWords(w, submitted)}</Outcome>
          ) : (
            <p className="muted small" data-testid="submit-state">
              {w.say(M.state, { status })}
            </p>
          )}
        </div>
        {submitNotice && (
          <p className="banner" role="status" data-testid="submit-notice">
            <span aria-hidden="true">{'\u2139\uFE0E'}</span> {sayWords(w, submitNotice)}
          </p>
        )}
      </section>
    );
  }

  return (
    <section className="submit-week" aria-label={w.say(M.name)}>
      <div className="row row-between">
        <div className="submit-summary">
          {total}
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
          {w.say(M.button, { resubmit })}
        </button>
      </div>
      {!confirming && <ErrorMessage error={submitError} />}
      {submitNotice && (
        <p className="banner" role="status" data-testid="submit-notice">
          <span aria-hidden="true">{'\u2139\uFE0E'}</span> {sayWords(w, submitNotice)}
        </p>
      )}
      {previewError && <ErrorMessage error={previewError} onRetry={() => void loadPreview()} />}
      {confirming && preview && (
        <Dialog
          title={w.say(M.title, { resubmit, week: w.formats.week(weekStart) })}
          onCancel={() => setConfirming(false)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                {w.say(LOG_WORDS.cancel)}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                data-autofocus
                disabled={submitting || preview.blockers.length > 0}
                onClick={async () => {
                  if (!(await submit())) return;
                  setConfirming(false);
                  setJustSubmitted(true);
                }}
              >
                {submitting ? w.say(M.submitting) : w.say(M.submit, { hours: preview.totalHours })}
              </button>
            </>
          }
        >
          <dl className="facts">
            <dt>{w.say(M.totalLabel)}</dt>
            <dd className="mono">{preview.totalHours}</dd>
            <dt>{w.say(M.empty)}</dt>
            <dd>
              {preview.daysWithoutHours.length ? w.formats.list(preview.daysWithoutHours.map((d) => w.formats.day(d))) : w.say(M.none)}
            </dd>
          </dl>
          {preview.blockers.length > 0 && (
            <div className="callout callout-warn" role="alert">
              <span className="callout-icon" aria-hidden="true">
                !
              </span>
              <div className="callout-text">
                <p>{w.say(M.blocked)}</p>
                <ul>
                  {blockerTexts(w, preview).map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
              </div>
            </div>
          )}
          <p className="muted small">{w.say(M.approval)}</p>
          {/* spec 4.2 has no "list my time logs": loose logs made elsewhere are invisible here, but the submit takes them. */}
          <p className="muted small" data-testid="submit-outside-note">
            {w.say(M.outside)}
          </p>
          <ErrorMessage error={submitError} />
        </Dialog>
      )}
    </section>
  );
}
