/**
 * Who Punchcard works for: the built-in sandbox (demo company), or the company's real service by data centre or
 * base URL, signed in with a pasted token or OAuth. The token lives in this form only until it is sent: the core
 * moves it into the OS keychain and never returns it.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/useApp';
import { ErrorMessage, Outcome } from './Messages';

/** real-service-notes: hosts people.zoho.<dc>. */
const DATA_CENTRES = [
  { id: 'com', label: 'United States (.com)' },
  { id: 'eu', label: 'Europe (.eu)' },
  { id: 'in', label: 'India (.in)' },
  { id: 'com.au', label: 'Australia (.com.au)' },
  { id: 'jp', label: 'Japan (.jp)' },
  { id: 'zohocloud.ca', label: 'Canada (zohocloud.ca)' },
  { id: 'sa', label: 'Saudi Arabia (.sa)' },
  { id: 'com.cn', label: 'China (.com.cn)' },
] as const;
const CUSTOM = 'custom';

export function AccountSettings() {
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
    ? 'Enter your employee email or ID.'
    : urlBad
      ? 'Enter the base URL, for example https://people.example.com/people.'
      : method === 'token' && token.trim().length < 8
        ? 'Paste the access token (at least 8 characters).'
        : method === 'oauth' && !clientId.trim()
          ? 'Enter the OAuth client ID.'
          : method === 'oauth' && dc === CUSTOM
            ? 'OAuth sign-in needs a data centre; with a custom base URL, paste a token.'
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
        Account
      </h2>
      {account ? (
        <dl className="facts">
          <dt>Service</dt>
          <dd>
            {account.kind === 'sandbox'
              ? 'Built-in sandbox (demo data)'
              : account.dataCentre
                ? `people.zoho.${account.dataCentre}`
                : account.baseUrl || '\u2013'}
          </dd>
          <dt>User</dt>
          <dd>{account.user || '\u2013'}</dd>
          <dt>Signed in</dt>
          <dd>
            {account.signedIn
              ? `Yes${account.authMethod !== 'none' ? ` (${account.authMethod === 'oauth' ? 'OAuth' : 'token'})` : ''}`
              : account.problem
                ? 'No: the account file could not be read'
                : 'No'}
          </dd>
        </dl>
      ) : (
        <p className="muted">Reading the account...</p>
      )}
      {account?.problem && (
        // the account file could not be read: say so here, on the sign-in screen, with the way back in
        <div className="callout callout-error" role="alert" data-testid="account-problem">
          <span className="callout-icon" aria-hidden="true">
            !
          </span>
          <div className="callout-text">
            <p>{account.problem}</p>
            <p className="small">Choose &ldquo;Connect to your company...&rdquo; below to sign in again, or the sandbox demo.</p>
          </div>
        </div>
      )}
      {message && <Outcome>{message}</Outcome>}
      <ErrorMessage error={error} />
      <div className="row row-end">
        {account?.kind !== 'sandbox' && (
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => void actions.useSandbox()}>
            Use sandbox demo
          </button>
        )}
        {account?.signedIn && account.kind === 'service' && (
          <button type="button" className="btn btn-small btn-quiet" disabled={busy} onClick={() => void actions.signOut()}>
            Sign out
          </button>
        )}
        {!connecting && (
          <button type="button" className="btn btn-small" onClick={() => setConnecting(true)}>
            Connect to your company...
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
            <span className="field-label">Data centre</span>
            <select className="input" value={dc} onChange={(e) => setDc(e.target.value)}>
              {DATA_CENTRES.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label}
                </option>
              ))}
              <option value={CUSTOM}>Other: enter a base URL</option>
            </select>
          </label>
          {dc === CUSTOM && (
            <label className="field">
              <span className="field-label">Base URL</span>
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
            <span className="field-label">Employee email or ID</span>
            <input className="input" value={user} onChange={(e) => setUser(e.target.value)} autoComplete="username" />
          </label>
          <fieldset className="fieldset">
            <legend className="field-label">Sign in with</legend>
            <label className="check">
              <input type="radio" name="method" checked={method === 'token'} onChange={() => setMethod('token')} /> Paste a token
            </label>
            <label className="check">
              <input type="radio" name="method" checked={method === 'oauth'} onChange={() => setMethod('oauth')} /> OAuth (opens your
              browser)
            </label>
          </fieldset>
          {method === 'token' ? (
            <div className="row">
              <label className="field grow">
                <span className="field-label">Access token</span>
                <input className="input" type="password" value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" />
              </label>
              <label className="field">
                <span className="field-label">Scheme</span>
                <select className="input" value={scheme} onChange={(e) => setScheme(e.target.value as typeof scheme)}>
                  <option value="Zoho-oauthtoken">Zoho-oauthtoken</option>
                  <option value="Bearer">Bearer</option>
                </select>
              </label>
            </div>
          ) : (
            <div className="row">
              <label className="field grow">
                <span className="field-label">Client ID</span>
                <input className="input" value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />
              </label>
              <label className="field grow">
                <span className="field-label">Client secret (optional)</span>
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
          <p className="muted small">The token is stored in your system keychain, never in a file.</p>
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
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || !!missing}
              aria-describedby={missing ? 'connect-missing' : undefined}
            >
              {busy ? 'Connecting...' : 'Connect'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
