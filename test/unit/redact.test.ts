/**
 * The one redaction of every exit (src/shared/redact.ts), as a table: what goes, and the words that stay.
 */
import { describe, expect, it } from 'vitest';
import { REDACTED, knownSecrets, redact, redactConsole, registerSecrets } from '../../src/shared/redact';

const TOKEN = '1000.8f3e2c0a9b7d6e5f.4a3b2c1d';

describe('redact', () => {
  it.each([
    ['Authorization: Zoho-oauthtoken abc.def-123 was refused', 'Authorization: Zoho-oauthtoken [redacted] was refused'],
    ['authorization=Bearer abc.def-123; retry', 'authorization=Bearer [redacted]; retry'],
    ['Authorization: s3cr3t-value (expired)', 'Authorization: [redacted] (expired)'],
    ['sent Zoho-oauthtoken xyz123 to the service', 'sent Zoho-oauthtoken [redacted] to the service'],
    ['Bearer abc.def-123 refused', 'Bearer [redacted] refused'],
    ['{"access_token":"xyz","expires_in":3600}', '{"access_token":"[redacted]","expires_in":3600}'],
    [
      '{"refresh_token": "r-1", "client_secret": "cs", "token":"t"}',
      '{"refresh_token": "[redacted]", "client_secret": "[redacted]", "token":"[redacted]"}',
    ],
    ['{"Authorization":"Zoho-oauthtoken abc"}', '{"Authorization":"[redacted]"}'],
    ['GET /oauth?code=1000.abc&state=x&token=t0k', 'GET /oauth?code=[redacted]&state=x&token=[redacted]'],
    [
      'grant_type=refresh_token&refresh_token=r-1&client_id=cid&client_secret=cs',
      'grant_type=refresh_token&refresh_token=[redacted]&client_id=cid&client_secret=[redacted]',
    ],
    ['code_verifier=v3r1f13r&access_token=at', 'code_verifier=[redacted]&access_token=[redacted]'],
    ['{"code":"1000.4f2a9c.b7e1d0"} code=1000.4f2a9c.b7e1d0&state=s', '{"code":"[redacted]"} code=[redacted]&state=s'],
  ])('%s', (input, output) => {
    expect(redact(input)).toBe(output);
  });

  it('leaves ordinary text, error codes and look-alike names alone', () => {
    for (const text of [
      'Hours must be HH:MM, for example 01:30.',
      'Invalid OAuth token: it has expired. Sign in again.',
      '{"error":{"code":8002,"message":"Over the maximum"}} code=7202',
      '{"code":"7049"}',
      '{"said":{"code":"rules.over-daily-max","values":{"hours":"08:00"}}} code=core.timer.notice-logged',
      'PUNCH_TOKEN=sandbox-demo-token demoToken=abc {"demoToken":"abc"} csrf_token=abc',
      'Authorization failed for maya',
    ])
      expect(redact(text)).toBe(text);
  });

  it('removes a known secret anywhere, also URL-encoded, and never a short one', () => {
    const secret = 'abc/def+ghi=jkl';
    expect(redact(`echo ${secret} and ${encodeURIComponent(secret)} back`, [secret])).toBe('echo [redacted] and [redacted] back');
    expect(redact('hours must be HH:MM', ['short'])).toBe('hours must be HH:MM');
    expect(redact(`the token ${TOKEN} is not allowed`, [TOKEN])).toBe('the token [redacted] is not allowed');
  });

  it('does not redact twice (a known secret inside an Authorization value)', () => {
    expect(redact(`Authorization: Zoho-oauthtoken ${TOKEN} (token=${TOKEN})`, [TOKEN])).toBe(
      'Authorization: Zoho-oauthtoken [redacted] (token=[redacted])',
    );
  });

  it('knows the secrets of every registered source until it is removed', () => {
    let held: string[] = [TOKEN];
    const forget = registerSecrets(() => held);
    try {
      expect(knownSecrets()).toContain(TOKEN);
      expect(redact(`saw ${TOKEN}`)).toBe(`saw ${REDACTED}`);
      held = [];
      expect(redact(`saw ${TOKEN}`)).toBe(`saw ${TOKEN}`);
      held = [TOKEN];
    } finally {
      forget();
    }
    expect(redact(`saw ${TOKEN}`)).toBe(`saw ${TOKEN}`);
  });

  it("redacts log lines, an Error's message included", () => {
    const lines: string[] = [];
    const push = (...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    };
    const target = { error: push, warn: push, log: push, info: push };
    redactConsole(target, (...args) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
    target.error('request failed:', new Error('Authorization: Bearer abc123 refused'));
    expect(lines).toEqual(['request failed: Authorization: Bearer [redacted] refused']);
  });
});
