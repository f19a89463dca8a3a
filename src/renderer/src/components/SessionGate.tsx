/**
 * Web mode, when this tab cannot talk to Punchcard (web-session.ts): one notice over the window, which stays inert
 * under it (App.tsx), instead of every screen repeating the server's refusal over forms that look usable. It goes
 * by itself once the tab has a working session again: the server is back, another tab handed over the new token,
 * or the new address was pasted (into the address bar or the field here). The app then reads everything again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../shared/i18n/messages';
import { useWording } from '../i18n/I18n';
import type { SessionState } from '../web-session';
import { webSession } from '../bridge';

const M = defineMessages({
  title: {
    id: 'web.gate.title',
    defaultMessage:
      '{state, select, unreachable {Punchcard is not answering} restarted {Punchcard restarted} other {Open Punchcard from its new address}}',
    description:
      'Heading over a browser tab that cannot reach Punchcard: it stopped (unreachable), it runs again with a new address (restarted), or the tab was opened without the address.',
  },
  stopped: {
    id: 'web.gate.stopped',
    defaultMessage: 'It was stopped, or is starting again. Start it with {web} (or {start}) if it is not running.',
    description: '{web} and {start}: commands that start Punchcard, shown as code.',
  },
  reconnects: { id: 'web.gate.reconnects', defaultMessage: 'This page reconnects by itself once Punchcard answers here.' },
  notAccepted: {
    id: 'web.gate.not-accepted',
    defaultMessage: 'That address was not accepted. Copy the whole line Punchcard printed when it started (it ends in {token}).',
    description: '{token}: how the address ends (#token=...).',
  },
  oldSession: {
    id: 'web.gate.old-session',
    defaultMessage:
      'This page still holds the session of Punchcard’s last run, so it cannot be used. Open the address Punchcard printed when it started: paste it into this tab’s address bar, or here. Nothing needs reloading.',
  },
  noAddress: {
    id: 'web.gate.no-address',
    defaultMessage:
      'This page was opened without Punchcard’s address, or from the browser’s history of an earlier run. Paste the address Punchcard printed when it started (it ends in {token}), here or into the address bar. To see it again, run {web}: it prints the address of the Punchcard already running.',
    description: '{token}: how the address ends (#token=...); {web}: the command, shown as code.',
  },
  address: {
    id: 'web.gate.address',
    defaultMessage: 'Punchcard’s address',
    description: 'Field: the address Punchcard printed (http://127.0.0.1:.../#token=...).',
  },
  checking: { id: 'web.gate.checking', defaultMessage: 'Checking...' },
  use: { id: 'web.gate.use', defaultMessage: 'Use this address', description: 'Button: try the address pasted.' },
});

/** Commands and the address's end, as code: the same in every language, left to right in Arabic too. */
const code = (text: string) => (
  <code key={text} translate="no" dir="ltr">
    {text}
  </code>
);
const CODES = { web: code('npm run web'), start: code('npm start'), token: code('#token=...') };

export function SessionGate({ state, hadToken }: { state: Exclude<SessionState, 'ok'>; hadToken: boolean }) {
  const w = useWording();
  // react-intl directly where a sentence holds code: its values may be elements (Wording.say makes strings)
  const intl = useIntl();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState(false);
  const [trying, setTrying] = useState(false);
  // focus comes here: what is under it cannot be used
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input, button, [tabindex]')?.focus();
  }, [state]);

  const title = w.say(M.title, { state: state === 'unreachable' ? 'unreachable' : hadToken ? 'restarted' : 'no-address' });
  return (
    <div className="session-gate" role="alertdialog" aria-modal="true" aria-labelledby={titleId} data-testid="session-gate">
      <div className="session-card card" ref={box} tabIndex={-1}>
        <h2 id={titleId} className="session-title">
          {title}
        </h2>
        {state === 'unreachable' ? (
          <>
            <p>{intl.formatMessage(M.stopped, CODES)}</p>
            <p className="muted small" role="status">
              <span className="spinner" aria-hidden="true" /> {w.say(M.reconnects)}
            </p>
          </>
        ) : (
          <form
            className="stack"
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              setTrying(true);
              const ok = await webSession?.adopt(address);
              setTrying(false);
              setProblem(!ok);
            }}
          >
            <p>{hadToken ? w.say(M.oldSession) : intl.formatMessage(M.noAddress, CODES)}</p>
            <label className="field">
              <span className="field-label">{w.say(M.address)}</span>
              <input
                className={`input${problem ? ' input-invalid' : ''}`}
                value={address}
                onChange={(e) => {
                  setAddress(e.target.value);
                  setProblem(false);
                }}
                placeholder="http://127.0.0.1:.../#token=..."
                spellCheck={false}
                autoComplete="off"
                dir="ltr"
                aria-invalid={problem || undefined}
              />
            </label>
            {problem && (
              <p className="field-hint field-error" role="alert">
                {intl.formatMessage(M.notAccepted, CODES)}
              </p>
            )}
            <div className="row row-end">
              <button type="submit" className="btn btn-primary" disabled={trying || !address.trim()}>
                {trying ? w.say(M.checking) : w.say(M.use)}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
