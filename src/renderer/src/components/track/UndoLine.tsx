/**
 * "Undo" after a log, a change or a deletion, under the form's own line (Track's form, the Week's
 * open day): offered for UNDO_OFFER_MS, then it goes (the change stays undoable a while longer with `punch undo`:
 * src/core/undo.ts). A button (Tab reaches it) and Ctrl+Z (⌘Z on a Mac) while it shows, unless the focus is in a
 * field with text, whose own undo the key is. What the undo did is said in a status line, which screen readers
 * announce (role="status"). After several logs made at once (Copy a week, Several days) it takes them all back: the
 * line then says how many were undone, each one that stays and why, and where the undone ones stand.
 *
 * The button goes once the undo is done, and a keyboard user who pressed it (Enter, Space, or Ctrl+Z on it) would be
 * left on the page's body, to Tab again from the top. As a dialog gives the focus back (../focus-return.ts), the focus
 * goes to what is shown now in the button's place: the line that says what was undone. Not the panel's heading
 * (Duplicate, Copy a week): the line is what the user needs to hear next, and from it Tab goes on to what followed
 * the button (Close in a panel, the form's button on Track), where the heading would send them back over the panel.
 * The line is focusable by script only (tabindex -1). It is a status only when it does not take the focus (an undo
 * by Ctrl+Z from elsewhere, which leaves the focus where it is): a screen reader reads a focused element, and a
 * status that takes the focus was read twice, once as announced and once as focused.
 * While the undo is out the button is aria-disabled, not disabled (a disabled button drops the focus at once, to the
 * body), drawn greyed with a wait cursor (styles/track.css). An undo that fails is said at once under the button, in
 * the same line, with what to do (press Undo again while it shows; after, the change simply stays).
 */
import { useEffect, useRef } from 'react';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { OutcomePlace } from '../../store/slices/log-form';
import { useApp } from '../../store/useApp';
import { useWording } from '../../i18n/I18n';
import { keyNames, keyPlatform } from '../../shortcuts';
import { Outcome } from '../Messages';
import { errorText } from '../../i18n/said-words';
import type { UserError } from '../../store/errors';
import { batchUndoKeptLocked, batchUndoWords } from '../../../../shared/batch/undo-words';

/** How long the Undo button shows after a save: long enough to see a mistake, short enough not to linger. */
export const UNDO_OFFER_MS = 8_000;

const M = defineMessages({
  undo: { id: 'track.undo.button', defaultMessage: 'Undo', description: 'Button after a log, a change or a deletion.' },
  undoLabel: {
    id: 'track.undo.label',
    defaultMessage: 'Undo {kind, select, add {this log} edit {this change} other {this deletion}} ({keys})',
    description: 'Accessible name of the Undo button. {keys}: its key, such as Ctrl+Z.',
  },
  undoManyLabel: {
    id: 'track.undo.label-many',
    defaultMessage: '{count, plural, one {Undo this log} other {Undo these # logs}} ({keys})',
    description: 'Accessible name of the Undo button after several logs made at once (Copy a week, Several days).',
  },
  done: {
    id: 'track.undo.done',
    defaultMessage:
      '{kind, select, add {Undone: the log of {hours} on {job} is removed.} edit {Undone: the log on {job} is back to {hours}.} other {Undone: the log of {hours} on {job} is back.}} {state, select, withdrawn {It had not been sent, so nothing reaches the service.} synced {The service shows the same now.} queued {The undo waits in the outbox and is sent when the service answers.} other {The service refused the undo: see the outbox.}}',
    description: 'After Undo. {hours}: HH:MM; {job}: the job name. The second sentence says where the undo stands.',
  },
  failed: {
    id: 'track.undo.failed',
    defaultMessage:
      'Not undone: {why} {next, select, again {Press Undo to try again.} after {The change stays as it is: change or delete it yourself if it was a mistake.} other {}}',
    description:
      'Under the Undo button when the undo failed. {why}: what went wrong, a sentence. Then what to do: again, while the button still shows; after, once it has gone; other: nothing (the refusal says what to do).',
  },
});

/**
 * An undo that failed, said where it was asked (an alert: it comes as the answer to the press), with what to do: a
 * refusal (the log changed or went since) says it in its own words, and trying again would only meet it again.
 */
function UndoFailed({ error, offered }: { error: UserError; offered: boolean }) {
  const w = useWording();
  const next = error.kind === 'InvalidInputError' ? 'refused' : offered ? 'again' : 'after';
  return (
    <p className="undo-failed small" role="alert" data-testid="undo-failed">
      <span aria-hidden="true">{'\u26A0\uFE0E'}</span> {w.say(M.failed, { why: errorText(w, error), next })}
    </p>
  );
}

/** Whether Ctrl+Z belongs to the field the focus is in (it has text to undo). */
function fieldHasText(t: EventTarget | null): boolean {
  return (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement) && t.value !== '';
}

export function UndoLine({ place }: { place: OutcomePlace }) {
  const w = useWording();
  const offer = useApp((s) => s.undo.offer);
  const done = useApp((s) => s.undo.done);
  const error = useApp((s) => s.undo.error);
  const failedHere = useApp((s) => s.undo.errorAt === place) && !!error;
  const undoing = useApp((s) => s.undo.undoing);
  const run = useApp((s) => s.undo.run);
  const expire = useApp((s) => s.undo.expire);
  const mine = offer && offer.place === place ? offer : null;
  const mac = keyPlatform() === 'mac';
  const keys = mac ? '⌘Z' : `${keyNames(w).ctrl}+Z`;
  const button = useRef<HTMLButtonElement>(null);
  const line = useRef<HTMLParagraphElement>(null);
  // the undo was asked from the button itself: its line takes the focus when it says what was done
  const focusLine = useRef(false);
  // the undo whose line takes the focus: decided once, at the render that first says it, while the button still holds
  // the focus (only then: a user who went on meanwhile, a click elsewhere, is left there and hears the status)
  const focusedFor = useRef<object | null>(null);
  const said = !mine && !!done && done.place === place;
  if (said && focusLine.current && focusedFor.current !== done) {
    const at = document.activeElement;
    if (at === null || at === document.body || !at.isConnected || at === button.current) focusedFor.current = done;
    focusLine.current = false;
  }
  const takesFocus = said && focusedFor.current === done;

  useEffect(() => {
    if (takesFocus) line.current?.focus();
  }, [takesFocus, done]);

  useEffect(() => {
    if (!mine) return;
    const timer = setTimeout(expire, UNDO_OFFER_MS);
    const onKey = (e: KeyboardEvent) => {
      const held = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
      if (!held || e.altKey || e.shiftKey || e.code !== 'KeyZ' || fieldHasText(e.target)) return;
      e.preventDefault();
      focusLine.current = e.target === button.current;
      void run();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [mine?.id, mac, expire, run]);

  if (mine) {
    return (
      <div className="undo-line">
        <p className="row">
          <button
            ref={button}
            type="button"
            className="secondary"
            data-testid="undo"
            aria-disabled={undoing || undefined}
            aria-keyshortcuts={mac ? 'Meta+Z' : 'Control+Z'}
            aria-label={
              mine.count !== undefined ? w.say(M.undoManyLabel, { count: mine.count, keys }) : w.say(M.undoLabel, { kind: mine.kind, keys })
            }
            onClick={() => {
              focusLine.current = true;
              void run();
            }}
          >
            {w.say(M.undo)}
          </button>{' '}
          <kbd className="muted small">
            <bdi>{keys}</bdi>
          </kbd>
        </p>
        {failedHere && !undoing && <UndoFailed error={error} offered />}
      </div>
    );
  }
  if (failedHere && !done) return <UndoFailed error={error} offered={false} />;
  if (!done || done.place !== place) return null;
  const state = done.withdrawn ? 'withdrawn' : done.state;
  if (done.logs) {
    const warn = state === 'needs-attention' || batchUndoKeptLocked(done);
    return (
      <Outcome tone={warn ? 'warn' : state === 'queued' ? 'queued' : 'ok'} focusRef={line} live={!takesFocus}>
        <span data-testid="undo-many">{batchUndoWords(w, done).join(' ')}</span>
      </Outcome>
    );
  }
  return (
    <Outcome tone={state === 'needs-attention' ? 'warn' : state === 'queued' ? 'queued' : 'ok'} focusRef={line} live={!takesFocus}>
      {w.say(M.done, { kind: done.kind, hours: done.log.hours, job: done.log.jobName, state })}
    </Outcome>
  );
}
