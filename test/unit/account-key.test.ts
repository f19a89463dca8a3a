/**
 * Accounts by identity: the same account typed another way is the same account, rows recorded under an
 * older raw key still match, and an entry of another account is shown with the account it waits for.
 */
import { describe, expect, it } from 'vitest';
import { accountKey, describeAccountKey, normaliseBaseUrl, normaliseUser, sameAccount } from '../../src/shared/account-key';
import { countByState, ofAccount, toOutboxEntry } from '../../src/core/outbox';
import { emptyJournal, type Journal, type LedgerRow, type OutboxOp } from '../../src/core/journal';

describe('account identity', () => {
  it('normalises the base URL: scheme and host lower case, default port dropped, trailing slashes removed, path case kept', () => {
    expect(normaliseBaseUrl('HTTPS://People.Zoho.EU:443/people/')).toBe('https://people.zoho.eu/people');
    expect(normaliseBaseUrl('http://127.0.0.1:8787//')).toBe('http://127.0.0.1:8787');
    expect(normaliseBaseUrl('https://people.zoho.eu/People')).toBe('https://people.zoho.eu/People');
    expect(normaliseBaseUrl('  not a url/ ')).toBe('not a url');
  });

  it('lower-cases an email, compares an employee id as is (trimmed)', () => {
    expect(normaliseUser(' Maya.Patel@ACME.com ')).toBe('maya.patel@acme.com');
    expect(normaliseUser(' EMP-007 ')).toBe('EMP-007');
    expect(sameAccount('service|https://x|EMP-007', 'service|https://x|emp-007')).toBe(false);
  });

  it('matches a row recorded under an older raw key', () => {
    const current = accountKey({ kind: 'service', baseUrl: 'https://people.zoho.eu/people', user: 'maya@acme.com' });
    const legacy = { account: 'service|https://People.Zoho.eu/people/|Maya@Acme.com' } as LedgerRow;
    expect(ofAccount(legacy, current)).toBe(true);
    expect(ofAccount({ account: 'service|https://people.zoho.com/people|maya@acme.com' } as LedgerRow, current)).toBe(false);
    // the sandbox is one account whatever its port, in the old key form too
    expect(
      sameAccount(
        'sandbox|http://127.0.0.1:4100|maya.patel@demo.punchcard.test',
        accountKey({ kind: 'sandbox', baseUrl: 'http://127.0.0.1:5000', user: 'Maya.Patel@demo.punchcard.test' }),
      ),
    ).toBe(true);
  });

  it('shows an entry of another account with the account it waits for, offers to discard it, and counts it apart', () => {
    const j: Journal = emptyJournal();
    const row = (localId: string, account: string): LedgerRow => ({
      localId,
      account,
      workDate: '2026-11-16',
      hours: '01:00',
      jobName: 'Backend API',
      billingStatus: 'Billable',
      createdAt: 1,
      updatedAt: 1,
    });
    const op = (id: string, localId: string): OutboxOp => ({
      id,
      kind: 'add',
      localId,
      state: 'queued',
      resolutions: [],
      attempts: [],
      maybeSent: false,
      createdAt: 1,
      updatedAt: 1,
    });
    j.rows.a = row('a', 'service|https://people.zoho.eu/people|maya@acme.com');
    j.rows.b = row('b', 'service|https://people.zoho.eu/people/|LIAM@acme.com');
    j.ops.push(op('1', 'a'), op('2', 'b'));
    const liam = accountKey({ kind: 'service', baseUrl: 'https://people.zoho.eu/people', user: 'liam@acme.com' });
    const mine = toOutboxEntry(j, j.ops[1], liam);
    const other = toOutboxEntry(j, j.ops[0], liam);
    expect(mine.waitsFor).toBeUndefined();
    expect(other.waitsFor).toBe('waits for maya@acme.com on people.zoho.eu: sign in to that account to send it');
    expect(other.resolutions).toContain('discard');
    expect(countByState(j, liam)).toEqual({ queued: 1, sending: 0, needsAttention: 0, otherAccounts: 1 });
    expect(describeAccountKey('sandbox|maya.patel@demo.punchcard.test')).toBe(
      'maya.patel@demo.punchcard.test in the built-in demo company',
    );
  });
});
