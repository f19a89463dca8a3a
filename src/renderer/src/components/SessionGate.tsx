/**
 * Web mode, when this tab cannot talk to Punchcard (web-session.ts): one notice over the window, which stays inert
 * under it (App.tsx), instead of every screen repeating the server's refusal over forms that look usable. It goes
 * by itself once the tab has a working session again: the server is back, another tab handed over the new token,
 * or the new address was pasted (into the address bar or the field here). The app then reads everything again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { SessionState } from '../web-session';
import { webSession } from '../bridge';

export function SessionGate({ state, hadToken }: { state: Exclude<SessionState, 'ok'>; hadToken: boolean }) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [trying, setTrying] = useState(false);
  // focus comes here: what is under it cannot be used
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('input, button, [tabindex]')?.focus();
  }, [state]);

  const title =
    state === 'unreachable' ? 'Punchcard is not answering' : hadToken ? 'Punchcard restarted' : 'Open Punchcard from its new address';
  return (
    <div className="session-gate" role="alertdialog" aria-modal="true" aria-labelledby={titleId} data-testid="session-gate">
      <div className="session-card card" ref={box} tabIndex={-1}>
        <h2 id={titleId} className="session-title">
          {title}
        </h2>
        {state === 'unreachable' ? (
          <>
            <p>
              It was stopped, or is starting again. Start it with <code>npm run web</code> (or <code>npm start</code>) if it is not running.
            </p>
            <p className="muted small" role="status">
              <span className="spinner" aria-hidden="true" /> This page reconnects by itself once Punchcard answers here.
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
              setProblem(
                ok ? null : 'That address was not accepted. Copy the whole line Punchcard printed when it started (it ends in #token=...).',
              );
            }}
          >
            <p>
              {hadToken ? (
                'This page still holds the session of Punchcard\u2019s last run, so it cannot be used. Open the address Punchcard printed when it started: paste it into this tab\u2019s address bar, or here. Nothing needs reloading.'
              ) : (
                <>
                  This page was opened without Punchcard&rsquo;s address, or from the browser&rsquo;s history of an earlier run. Paste the
                  address Punchcard printed when it started (it ends in #token=...), here or into the address bar. To see it again, run{' '}
                  <code>npm run web</code>: it prints the address of the Punchcard already running.
                </>
              )}
            </p>
            <label className="field">
              <span className="field-label">Punchcard&rsquo;s address</span>
              <input
                className={`input${problem ? ' input-invalid' : ''}`}
                value={address}
                onChange={(e) => {
                  setAddress(e.target.value);
                  setProblem(null);
                }}
                placeholder="http://127.0.0.1:.../#token=..."
                spellCheck={false}
                autoComplete="off"
                aria-invalid={!!problem || undefined}
              />
            </label>
            {problem && (
              <p className="field-hint field-error" role="alert">
                {problem}
              </p>
            )}
            <div className="row row-end">
              <button type="submit" className="btn btn-primary" disabled={trying || !address.trim()}>
                {trying ? 'Checking...' : 'Use this address'}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
