/**
 * The running timer on the Track tab: the raw elapsed time and the rounded HH:MM that will be logged side by side
 * (PRODUCT: rounding shown before it is applied), its description, Stop, and what the last stop logged. Starting
 * is the Composer's (one job picker for the timer and for hours typed by hand); other tabs show the TimerBar.
 */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { roundToHhmm } from '../../../../shared/time/hours';
import { ruleWords, showElapsed, showMoment } from '../../format';
import { useNow } from '../../hooks/useNow';
import { useUserZone } from '../../hooks/useUserZone';
import { useApp } from '../../store/useApp';
import { Dialog } from '../Dialog';
import { ErrorMessage } from '../Messages';
import { FormattedMessage } from 'react-intl';
import { useWording } from '../../i18n/I18n';
import { LOG_WORDS } from '../../log-words';
import { TIMER_CARD_WORDS as M } from './timer-words';
import { ConfirmCapped, StopNotice } from './StopOutcome';

export function TimerControls() {
  const w = useWording();
  const running = useApp((s) => s.timer.view?.running ?? false);
  const error = useApp((s) => s.timer.error);
  const lastStop = useApp((s) => s.timer.lastStop);
  const notices = (
    <>
      <ErrorMessage error={error} />
      {lastStop && !lastStop.needsConfirm && !lastStop.needsDay && !lastStop.needsEnd && <StopNotice outcome={lastStop} />}
      {lastStop?.needsConfirm && <ConfirmCapped outcome={lastStop} rounded={lastStop.roundedHhmm} />}
    </>
  );
  if (!running) return error || lastStop ? <div className="stack">{notices}</div> : null;
  return (
    <section className="card timer" aria-labelledby="timer-title">
      <h2 id="timer-title" className="card-title">
        {w.say(M.title)}
      </h2>
      <RunningTimer />
      {notices}
    </section>
  );
}

function RunningTimer() {
  const w = useWording();
  const view = useApp((s) => s.timer.view)!;
  const busy = useApp((s) => s.timer.busy);
  const actions = useApp(useShallow((s) => ({ update: s.timer.update, stop: s.timer.stop, discard: s.timer.discard })));
  const now = useNow(true);
  const userZone = useUserZone();
  const [description, setDescription] = useState(view.description ?? '');
  const [workItem, setWorkItem] = useState(view.workItem ?? '');
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const stopRef = useRef<HTMLButtonElement>(null);
  const stopFocused = useRef(false);
  // autoFocus alone misses when the timer's push event arrives before startTimer answers: Stop then mounts disabled
  // (busy), a disabled button cannot take focus, and a keyboard user is left on <body>. Focus it once it is enabled,
  // unless the user has already put focus somewhere else.
  useEffect(() => {
    if (busy || stopFocused.current) return;
    stopFocused.current = true;
    const current = document.activeElement;
    // Started from the Track form (Enter on a job): Stop is what the keyboard wants next.
    if (!current || current === document.body || current.closest('.composer')) stopRef.current?.focus();
  }, [busy]);
  const elapsed = view.startedAt ? Math.max(0, now - view.startedAt) : view.elapsedMs;
  const { roundedHhmm } = roundToHhmm(elapsed, view.rule);

  const saveText = () => {
    const patch: { description?: string; workItem?: string } = {};
    if (description !== (view.description ?? '')) patch.description = description;
    if (workItem !== (view.workItem ?? '')) patch.workItem = workItem;
    if (Object.keys(patch).length) void actions.update(patch);
  };

  return (
    <div className="stack">
      <div className="running-job">
        <span className="pulse" aria-hidden="true" />
        <div>
          {view.jobName ? (
            <p className="running-name" translate="no">
              {view.jobName}
            </p>
          ) : (
            <p className="running-name">{w.say(M.noJob)}</p>
          )}
          {view.startedAt && (
            <p className="muted small">{w.say(M.started, { at: showMoment(w, view.startedAt, view.zone ?? userZone, now) })}</p>
          )}
          {view.logTo && (
            <p className="muted small" data-testid="timer-log-to">
              {w.say(M.logTo, { day: w.formats.day(view.logTo) })}
            </p>
          )}
        </div>
      </div>
      <div className="elapsed" aria-live="off">
        <span className="elapsed-raw" data-testid="timer-elapsed" aria-label={w.say(M.elapsed, { elapsed: showElapsed(elapsed) })}>
          {showElapsed(elapsed)}
        </span>
        <span className="elapsed-rounded" data-testid="timer-rounded">
          <span aria-hidden="true">
            <span className="dir-arrow">{'\u2192'}</span>{' '}
          </span>
          <FormattedMessage {...M.rounded} values={{ rounded: <strong>{roundedHhmm}</strong>, rule: ruleWords(w, view.rule) }} />
        </span>
      </div>
      <label className="field">
        <span className="field-label">{w.say(LOG_WORDS.description)}</span>
        <input
          className="input"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          onBlur={saveText}
          onKeyDown={(e) => {
            if (e.key === 'Enter') saveText();
          }}
          placeholder={w.say(LOG_WORDS.descriptionPlaceholder)}
        />
      </label>
      <div className="row">
        <label className="field grow">
          <span className="field-label">{w.say(LOG_WORDS.workItem)}</span>
          <input
            className="input"
            value={workItem}
            onChange={(e) => setWorkItem(e.target.value)}
            onBlur={saveText}
            onKeyDown={(e) => {
              if (e.key === 'Enter') saveText();
            }}
            placeholder={w.say(LOG_WORDS.optional)}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={view.billable}
            disabled={busy}
            onChange={(e) => void actions.update({ billable: e.target.checked })}
          />{' '}
          {w.say(LOG_WORDS.billable)}
        </label>
      </div>
      <div className="row row-end">
        <button type="button" className="btn btn-quiet" disabled={busy} onClick={() => setConfirmDiscard(true)}>
          {w.say(M.discard)}
        </button>
        <button
          ref={stopRef}
          type="button"
          className="btn btn-primary btn-large"
          disabled={busy}
          onClick={() => {
            saveText();
            void actions.stop().then(focusComposerIfLost);
          }}
          autoFocus
        >
          <span aria-hidden="true">{'\u25A0'}</span> {w.say(M.stop)}
        </button>
      </div>
      {confirmDiscard && (
        <Dialog
          title={w.say(M.discardTitle)}
          tone="danger"
          onCancel={() => setConfirmDiscard(false)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setConfirmDiscard(false)} autoFocus>
                {w.say(M.keepRunning)}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => {
                  setConfirmDiscard(false);
                  void actions.discard();
                }}
              >
                {w.say(M.discardConfirm, { elapsed: showElapsed(elapsed) })}
              </button>
            </>
          }
        >
          <p>{w.say(M.discardText, { elapsed: showElapsed(elapsed), job: view.jobName ?? w.say(M.noJob) })}</p>
        </Dialog>
      )}
    </div>
  );
}

/**
 * Stop removes the running card and the button that had focus with it: a keyboard user goes on from the Track form's
 * job field rather than from the top of the page.
 */
function focusComposerIfLost(): void {
  requestAnimationFrame(() => {
    const current = document.activeElement;
    if (!current || current === document.body) document.querySelector<HTMLInputElement>('.composer [role="combobox"]')?.focus();
  });
}
