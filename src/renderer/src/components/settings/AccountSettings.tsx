/**
 * Who Punchcard works for: the built-in sandbox (demo company), or the company's real service by data centre or
 * base URL, signed in with a pasted token or OAuth. The token lives in this form only until it is sent: the core
 * moves it into the OS keychain and never returns it.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store/useApp';
import { ErrorMessage, Outcome } from '../Messages';
import { useWording } from '../../i18n/I18n';
import { accountProblem } from '../../../../shared/said-words';
import { ACCOUNT_WORDS as M } from './account-words';

/** real-service-notes: hosts people.zoho.<dc>. */
const DATA_CENTRES = [
  { id: 'com', label: M.dcUs },
  { id: 'eu', label: M.dcEu },
  { id: 'in', label: M.dcIn },
  { id: 'com.au', label: M.dcAu },
  { id: 'jp', label: M.dcJp },
  { id: 'zohocloud.ca', label: M.dcCa },
  { id: 'sa', label: M.dcSa },
  { id: 'com.cn', label: M.dcCn },
] as const;
const CUSTOM = 'custom';

export function AccountSettings() {
  const w = useWording();
  const account = useApp((s) => s.settings.account);
  const busy = useApp((s) => s.settings.accountBusy);
  const error = useApp((s) => s.settings.accountError);
  const message = useApp((s) => s.settings.accountMessage);
  const actions = useApp(
    useShallow((s) => ({
      signInWithToken: s.settings.signInWithToken,
      signInWithOAuth: s.settings.signInWithOAuth,
      useSandbox: s.settings.useSandbox,
      signOut: s.settings.signOut,
    })),
  );
  const [connecting, setConnecting] = useState(false);
  const [dc, setDc] = useState<string>('com');
  const [baseUrl, setBaseUrl] = useState('');
  const [user, setUser] = useState('');
  const [method, setMethod] = useState<'token' | 'oauth'>('token');
  const [token, setToken] = useState('');
  const [scheme, setScheme] = useState<'Zoho-oauthtoken' | 'Bearer'>('Zoho-oauthtoken');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');

  const urlBad = dc === CUSTOM && !/^https?:\/\/\S+$/.test(baseUrl.trim());
  const missing = !user.trim()
    ? w.say(M.needUser)
    : urlBad
      ? w.say(M.needUrl, { example: 'https://people.example.com/people' })
      : method === 'token' && token.trim().length < 8
        ? w.say(M.needToken, { min: 8 })
        : method === 'oauth' && !clientId.trim()
          ? w.say(M.needClientId)
          : method === 'oauth' && dc === CUSTOM
            ? w.say(M.oauthNeedsDc)
            : null;

  const connect = async () => {
    const where = dc === CUSTOM ? { baseUrl: baseUrl.trim() } : { dataCentre: dc };
    const ok =
      method === 'token'
        ? await actions.signInWithToken({ ...where, user: user.trim(), token: token.trim(), authScheme: scheme })
        : await actions.signInWithOAuth({
            dataCentre: dc,
            clientId: clientId.trim(),
            user: user.trim(),
            ...(clientSecret ? { clientSecret } : {}),
          });
    // The secret leaves this component's state whatever happened: nothing keeps it in the renderer.
    setToken('');
    setClientSecret('');
    if (ok) setConnecting(false);
  };

  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title" className="card-title">
        {w.say(M.title)}
      </h2>
      {account ? (
        <dl className="facts">
          <dt>{w.say(M.service)}</dt>
          <dd>
            {account.kind === 'sandbox'
              ? w.say(M.sandbox)
              : account.dataCentre
                ? `people.zoho.${account.dataCentre}`
                : account.baseUrl || '\u2013'}
          </dd>
          <dt>{w.say(M.user)}</dt>
          <dd>{account.user || '\u2013'}</dd>
          <dt>{w.say(M.signedIn)}</dt>
          <dd>{account.signedIn ? w.say(M.yesHow, { how: account.authMethod }) : account.problem ? w.say(M.noUnreadable) : w.say(M.no)}</dd>
        </dl>
      ) : (
        <p className="muted">{w.say(M.reading)}</p>
      )}
      {account?.problem && (
        // the account file could not be read: say so here, on the sign-in screen, with the way back in
        <div className="callout callout-error" role="alert" data-testid="account-problem">
          <span className="callout-icon" aria-hidden="true">
            !
          </span>
          <div className="callout-text">
            <p>{accountProblem(w, account)}</p>
            <p className="small">{w.say(M.problemHint)}</p>
          </div>
        </div>
      )}
      {message && <Outcome>{w.say(message.message, message.values)}</Outcome>}
      <ErrorMessage error={error} />
      <div className="row row-end">
        {account?.kind !== 'sandbox' && (
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => void actions.useSandbox()}>
            {w.say(M.useSandbox)}
          </button>
        )}
        {account?.signedIn && account.kind === 'service' && (
          <button type="button" className="btn btn-small btn-quiet" disabled={busy} onClick={() => void actions.signOut()}>
            {w.say(M.signOut)}
          </button>
        )}
        {!connecting && (
          <button type="button" className="btn btn-small" onClick={() => setConnecting(true)}>
            {w.say(M.connectOpen)}
          </button>
        )}
      </div>
      {connecting && (
        <form
          className="stack connect-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!missing) void connect();
          }}
        >
          <label className="field">
            <span className="field-label">{w.say(M.dataCentre)}</span>
            <select className="input" value={dc} onChange={(e) => setDc(e.target.value)}>
              {DATA_CENTRES.map((d) => (
                <option key={d.id} value={d.id}>
                  {w.say(d.label)}
                </option>
              ))}
              <option value={CUSTOM}>{w.say(M.dcOther)}</option>
            </select>
          </label>
          {dc === CUSTOM && (
            <label className="field">
              <span className="field-label">{w.say(M.baseUrl)}</span>
              <input
                className="input"
                type="url"
                value={baseUrl}
                onChange={(e) => setBaseUrl(e.target.value)}
                placeholder="https://people.example.com/people"
              />
            </label>
          )}
          <label className="field">
            <span className="field-label">{w.say(M.userField)}</span>
            <input className="input" value={user} onChange={(e) => setUser(e.target.value)} autoComplete="username" />
          </label>
          <fieldset className="fieldset">
            <legend className="field-label">{w.say(M.signInWith)}</legend>
            <label className="check">
              <input type="radio" name="method" checked={method === 'token'} onChange={() => setMethod('token')} /> {w.say(M.pasteToken)}
            </label>
            <label className="check">
              <input type="radio" name="method" checked={method === 'oauth'} onChange={() => setMethod('oauth')} /> {w.say(M.oauth)}
            </label>
          </fieldset>
          {method === 'token' ? (
            <div className="row">
              <label className="field grow">
                <span className="field-label">{w.say(M.token)}</span>
                <input className="input" type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" />
              </label>
              <label className="field">
                <span className="field-label">{w.say(M.scheme)}</span>
                {/* the schemes' own names, as the service's documentation writes them */}
                <select className="input" value={scheme} onChange={(e) => setScheme(e.target.value as typeof scheme)} translate="no">
                  <option value="Zoho-oauthtoken">Zoho-oauthtoken</option>
                  <option value="Bearer">Bearer</option>
                </select>
              </label>
            </div>
          ) : (
            <div className="row">
              <label className="field grow">
                <span className="field-label">{w.say(M.clientId)}</span>
                <input className="input" value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />
              </label>
              <label className="field grow">
                <span className="field-label">{w.say(M.clientSecret)}</span>
                <input
                  className="input"
                  type="password"
                  value={clientSecret}
                  onChange={(e) => setClientSecret(e.target.value)}
                  autoComplete="off"
                />
              </label>
            </div>
          )}
          <p className="muted small">{w.say(M.keychain)}</p>
          {missing && (
            <p className="field-hint" id="connect-missing">
              {missing}
            </p>
          )}
          <div className="row row-end">
            <button
              type="button"
              className="btn btn-quiet"
              onClick={() => {
                setConnecting(false);
                setToken('');
                setClientSecret('');
              }}
            >
              {w.say(M.cancel)}
            </button>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || !!missing}
              aria-describedby={missing ? 'connect-missing' : undefined}
            >
              {busy ? w.say(M.connecting) : w.say(M.connect)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
