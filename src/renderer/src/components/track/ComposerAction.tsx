/**
 * The Track form's one primary button (./Composer.tsx): "Log HH:MM" (or "Log on N days") once hours are typed, "Start
 * timer" while they are not, and when it takes a press; without a job it says to choose one first. Ctrl+Enter (⌘Enter)
 * does the same from anywhere in the form. Without a job the button is aria-disabled, not disabled: Tab still reaches
 * it and a screen reader says it is unavailable and why ("Choose a job first.", its description), where a disabled
 * button was skipped and the reason never heard; a press then does nothing (Composer's submit needs a job).
 *
 * The page is built with no job, so its button says so too (aria-disabled, described by "Choose a job first."); before
 * the script the early-input layer changes that as the job field fills (../../first-screen/early-input.ts). React
 * takes the element over at hydration as it finds it and never puts back an attribute changed under it: it writes
 * one only when its own value changes, and with still no job in the app its value stays what the page was built with.
 * So after each commit that can follow such a change (hydration, the first render of the app's own button, a job
 * chosen or cleared), an effect makes the element say what the app says.
 */
import { useLayoutEffect, useRef } from 'react';
import type { BatchPreview, Job } from '../../../../shared/domain';
import { addDays } from '../../../../shared/time/week';
import { keyNames, keyPlatform, shortcutKeys } from '../../shortcuts';
import { useWording } from '../../i18n/I18n';
import { useMounted } from '../../hooks/useMounted';
import { LOG_WORDS } from '../../log-words';
import { DAYS_WORDS } from './SeveralDays';
import { COMPOSER_WORDS as M } from './track-words';

export interface ComposerActionProps {
  /** The form's id prefix (its "choose a job" line is `${id}-why`). */
  id: string;
  job: Job | null;
  /** Hours are typed: the button logs; otherwise it starts the timer. */
  logging: boolean;
  hhmm: string | null;
  durationProblem: boolean;
  /** The days chosen when logging on several days, else null. */
  days: string[] | null;
  /** The rules' verdicts on those days, when known: a day they refuse is not counted on the button. */
  daysCheck?: BatchPreview | null;
  daysBusy: boolean;
  /** A rule found against the fields, a bad duration or no day. */
  blocked: boolean;
  saving: boolean;
  timerBusy: boolean;
  running: boolean;
  date: string;
  today: string;
}

export function ComposerAction(p: ComposerActionProps) {
  const { id, job, logging, hhmm, durationProblem, days, daysBusy, blocked, saving, timerBusy, running, date, today } = p;
  const w = useWording();
  // "Log 01:30 on 5 days" with Friday marked over its maximum logged 4: the button counts the days that will be logged
  const notLogged = new Set((p.daysCheck?.items ?? []).filter((i) => i.verdict !== 'log').map((i) => i.log.workDate));
  const daysLogged = days ? days.filter((d) => !notLogged.has(d)).length : 0;
  const keys = shortcutKeys(keyPlatform(), keyNames(w));
  const mounted = useMounted();
  const button = useRef<HTMLButtonElement>(null);
  const why = job ? null : `${id}-why`;
  useLayoutEffect(() => {
    const b = button.current;
    if (!b) return;
    if (why) {
      b.setAttribute('aria-disabled', 'true');
      b.setAttribute('aria-describedby', why);
    } else {
      b.removeAttribute('aria-disabled');
      b.removeAttribute('aria-describedby');
    }
  }, [why, mounted]);
  const startWords = (
    <>
      <span aria-hidden="true" className="mirror">
        {'\u25B6'}
      </span>{' '}
      {w.say(M.start, { running: running ? 'yes' : 'no' })}
    </>
  );
  return (
    <div className="row row-end composer-actions">
      {!job && (
        <span className="muted small composer-why" id={`${id}-why`}>
          {w.say(M.chooseJob)}
        </span>
      )}
      {!mounted ? (
        /*
         * The first render, the one built into index.html (prerender.tsx), which the page shows before the app's
         * script: there the early-input layer keeps a press of this button and the app replays it through its own
         * handler once in charge (first-screen/early-input.ts). So it is not `disabled` here: the first screen's
         * stylesheet (track.css, "before the script") draws it as the app would from what is in the fields, and with
         * the words of what a press will do: "Start timer" while Hours is empty, "Log time" once typed (the hours are
         * read by the app); drawn as disabled, taking no pointer, while the job field is empty. A job typed there is
         * not known to be one until the app has read the jobs: if it is not, the press does nothing after the take-over,
         * where the app shows "Choose a job first." again (it is hidden meanwhile). From the next render on (the app in
         * charge) the button is the app's own, below. A window drawn without that page starts closed to input (App).
         */
        <button
          ref={button}
          type="submit"
          className="btn btn-primary btn-large composer-early"
          aria-disabled={job ? undefined : true}
          aria-describedby={job ? undefined : `${id}-why`}
          aria-keyshortcuts={keys.formAction}
          title={`${keys.formActionWords}`}
        >
          <span className="composer-early-start">{startWords}</span>
          <span className="composer-early-log">{w.say(LOG_WORDS.logButton, { hasHours: 'no', hours: '', day: 'other' })}</span>
        </button>
      ) : logging ? (
        <button
          ref={button}
          type="submit"
          className="btn btn-primary btn-large"
          disabled={!!job && (days ? daysLogged === 0 || durationProblem || daysBusy : blocked || saving)}
          aria-disabled={job ? undefined : true}
          aria-describedby={job ? undefined : `${id}-why`}
          aria-keyshortcuts={keys.formAction}
          title={`${keys.formActionWords}`}
        >
          {saving || daysBusy
            ? w.say(LOG_WORDS.logging)
            : days
              ? w.say(DAYS_WORDS.logOnDays, { hours: hhmm ?? '', count: daysLogged })
              : w.say(LOG_WORDS.logButton, {
                  hasHours: hhmm ? 'yes' : 'no',
                  hours: hhmm ?? '',
                  day: date && date !== today && date === addDays(today, -1) ? 'yesterday' : 'other',
                })}
        </button>
      ) : (
        <button
          ref={button}
          type="submit"
          className="btn btn-primary btn-large"
          disabled={!!job && timerBusy}
          aria-disabled={job ? undefined : true}
          aria-describedby={job ? undefined : `${id}-why`}
          aria-keyshortcuts={keys.formAction}
          title={`${keys.formActionWords}`}
        >
          {startWords}
        </button>
      )}
    </div>
  );
}
