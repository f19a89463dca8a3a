/**
 * What a tab key (Alt+1..9) means while the tab strip waits for the user's roles (store/slices/ui.ts `tabOfKey`):
 * the keys whose tab is the same in every strip act at once, the others wait for the roles, and once settled each
 * names the tab of the strip the user sees.
 */
import { describe, expect, it } from 'vitest';
import { tabAt, tabOfKey } from '../../src/renderer/src/store/slices/ui';

const employee = { approver: false, hr: false };
const managerHr = { approver: true, hr: true };
const keys = (settled: boolean, roles: { approver: boolean; hr: boolean }) =>
  Array.from({ length: 9 }, (_, i) => tabOfKey(i, settled, roles));

describe('tab keys before and after the roles', () => {
  it('before the roles: Alt+1..3 at once, Alt+4..6 wait, Alt+7..9 name nothing in any strip', () => {
    expect(keys(false, employee)).toEqual(['track', 'week', 'outbox', 'wait', 'wait', 'wait', null, null, null]);
  });

  it('once settled: the tab of the strip shown, nothing past its end', () => {
    expect(keys(true, managerHr)).toEqual(['track', 'week', 'outbox', 'team', 'hr', 'settings', null, null, null]);
    expect(keys(true, employee)).toEqual(['track', 'week', 'outbox', 'settings', null, null, null, null, null]);
    expect(keys(true, { approver: true, hr: false })).toEqual(['track', 'week', 'outbox', 'team', 'settings', null, null, null, null]);
    expect(keys(true, { approver: false, hr: true })).toEqual(['track', 'week', 'outbox', 'hr', 'settings', null, null, null, null]);
  });

  it('a held key is read in the strip the roles bring', () => {
    expect(tabAt(3, managerHr)).toBe('team');
    expect(tabAt(4, managerHr)).toBe('hr');
    expect(tabAt(3, employee)).toBe('settings');
    expect(tabAt(4, employee)).toBeNull();
  });
});
