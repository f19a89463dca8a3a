/**
 * The pure pieces behind what a new user reads and presses: a key combination in the OS's words and recorded from a
 * key press, the app's keys (never while typing), billing decided from the job, unusual weeks, moments and durations
 * in words, a pasted address's token, whose timesheets "Approve N" decided, and a terminal table cut to fit.
 */
import { describe, expect, it } from 'vitest';
import { billingFor, billingWords, jobNamed } from '../../src/shared/billing';
import type { DecisionOutcome, Job, Timesheet, TimesheetDetail } from '../../src/shared/domain';
import { acceleratorOf, acceleratorWords } from '../../src/shared/shortcut-words';
import { createWording } from '../../src/shared/i18n/wording';
import { englishWording } from '../../src/shared/i18n/english';
import de from '../../src/shared/i18n/compiled/de.json';
import type { CompiledMessages } from '../../src/shared/i18n/messages';
import { weekFlags, workingDays } from '../../src/shared/team/week-flags';
import { durationWords, plainMoment } from '../../src/shared/words';
import { keyNames, shortcutFor, shortcutKeys } from '../../src/renderer/src/shortcuts';
import { batchLine, flagWords } from '../../src/renderer/src/team-words';
import { tokenIn } from '../../src/renderer/src/web-session';
import { formatTable } from '../../src/cli/table';
import { TEST_NOW } from '../fixtures/test-clock';

describe("a key combination in the OS's words", () => {
  it("reads the preference's accelerator as Linux and Windows write it, and as a Mac does", () => {
    expect(acceleratorWords('CommandOrControl+Alt+P', 'other')).toBe('Ctrl+Alt+P');
    expect(acceleratorWords('CommandOrControl+Alt+P', 'mac')).toBe('\u2325\u2318P');
    expect(acceleratorWords('Control+Shift+Space', 'mac')).toBe('\u2303\u21E7Space');
    expect(acceleratorWords('Alt+Shift+t', 'other')).toBe('Alt+Shift+T');
    expect(acceleratorWords('CmdOrCtrl+Plus', 'other')).toBe('Ctrl++');
  });

  it("says the keys as the keyboards of the user's language print them (German: Strg, Umschalt, Entf); a Mac keeps its symbols", () => {
    const names = keyNames(createWording('de', 'de-DE', de as unknown as CompiledMessages));
    expect(acceleratorWords('CommandOrControl+Alt+P', 'other', names)).toBe('Strg+Alt+P');
    expect(acceleratorWords('Control+Shift+Delete', 'other', names)).toBe('Strg+Umschalt+Entf');
    expect(acceleratorWords('CommandOrControl+Alt+P', 'mac', names)).toBe('\u2325\u2318P');
    expect(shortcutKeys('other', names)).toMatchObject({ startStop: 'Alt+S', formActionWords: 'Strg+Eingabe' });
    expect(shortcutKeys('mac', names)).toMatchObject({ startStop: '\u2303S', formActionWords: '\u2318Eingabe' });
  });

  it('records a pressed combination as an accelerator, and refuses one that plain typing would set off', () => {
    const press = (code: string, key: string, m: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {}) => ({
      code,
      key,
      ctrlKey: false,
      altKey: false,
      shiftKey: false,
      metaKey: false,
      ...m,
    });
    expect(acceleratorOf(press('KeyK', 'K', { ctrlKey: true, shiftKey: true }), 'other')).toEqual({
      accelerator: 'CommandOrControl+Shift+K',
    });
    expect(acceleratorOf(press('KeyP', 'π', { metaKey: true, altKey: true }), 'mac')).toEqual({ accelerator: 'CommandOrControl+Alt+P' });
    expect(acceleratorOf(press('Digit5', '5', { altKey: true }), 'other')).toEqual({ accelerator: 'Alt+5' });
    expect(acceleratorOf(press('KeyK', 'k'), 'other')).toEqual({ problem: 'modifier' });
    expect(acceleratorOf(press('Comma', ',', { ctrlKey: true }), 'other')).toEqual({ problem: 'key' });
    expect(acceleratorOf(press('ControlLeft', 'Control', { ctrlKey: true }), 'other')).toBeNull(); // still choosing
  });
});

describe("the app's own keys", () => {
  const key = (code: string, m: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {}) => ({
    code,
    key: '',
    ctrlKey: false,
    altKey: false,
    shiftKey: false,
    metaKey: false,
    ...m,
  });

  it('Alt with a digit, S or L on Linux and Windows; Control on a Mac', () => {
    expect(shortcutFor(key('Digit2', { altKey: true }), 'other')).toEqual({ kind: 'tab', index: 1 });
    expect(shortcutFor(key('KeyS', { altKey: true }), 'other')).toEqual({ kind: 'start-stop' });
    expect(shortcutFor(key('KeyL', { altKey: true }), 'other')).toEqual({ kind: 'log' });
    expect(shortcutFor(key('KeyS', { ctrlKey: true }), 'mac')).toEqual({ kind: 'start-stop' });
    expect(shortcutKeys('other')).toMatchObject({ startStop: 'Alt+S', log: 'Alt+L', formActionWords: 'Ctrl+Enter' });
    expect(shortcutKeys('mac')).toMatchObject({ startStop: '\u2303S', formActionWords: '\u2318Enter' });
  });

  it('never what types a character: plain keys, AltGr (Ctrl+Alt), Shift, and Option on a Mac', () => {
    expect(shortcutFor(key('KeyS'), 'other')).toBeNull();
    expect(shortcutFor(key('Digit7', { ctrlKey: true, altKey: true }), 'other')).toBeNull(); // AltGr+7 is "{" on a German keyboard
    expect(shortcutFor({ ...key('KeyS', { altKey: true }), getModifierState: (k: string) => k === 'AltGraph' }, 'other')).toBeNull();
    expect(shortcutFor(key('KeyS', { altKey: true, shiftKey: true }), 'other')).toBeNull();
    expect(shortcutFor(key('KeyL', { altKey: true }), 'mac')).toBeNull(); // ⌥L types "@" on a German Mac
    expect(shortcutFor(key('KeyS', { ctrlKey: true }), 'other')).toBeNull(); // Ctrl+S stays the browser's
  });
});

describe('billing is decided once, from the job unless the user says', () => {
  const job = (name: string, status: Job['jobBillableStatus']) => ({
    jobId: name,
    jobName: name,
    projectName: '',
    clientName: '',
    jobStatus: 'in-progress' as const,
    jobBillableStatus: status,
  });
  it("the user's word, else the job's status, else the service's default", () => {
    expect(billingFor(job('Training', 'Non Billable'))).toBe('Non Billable');
    expect(billingFor(job('Training', 'Non Billable'), true)).toBe('Billable');
    expect(billingFor(job('Site', 'Billable'), false)).toBe('Non Billable');
    expect(billingFor(undefined)).toBe('Billable');
    expect(billingWords('Non Billable')).toBe('Non-billable');
    expect(jobNamed([job('Training', 'Non Billable')], ' Training ')?.jobName).toBe('Training');
    expect(jobNamed([job('Training', 'Non Billable')], 'training')).toBeUndefined(); // names match exactly, as the rules do
  });
});

describe('unusual weeks', () => {
  const week = (totalHours: string, timeLogs?: Array<{ workDate: string; hours: string }>) => ({
    totalHours,
    fromDate: '2026-11-16',
    toDate: '2026-11-22',
    ...(timeLogs ? { timeLogs } : {}),
  });
  it('over 42 h (a 43:30 week) or under 32 h in a Monday-to-Friday week; an ordinary one says nothing', () => {
    expect(workingDays('2026-11-16', '2026-11-22')).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(weekFlags(week('46:00'))).toEqual([{ kind: 'over', words: '46:00, more than 42:00', total: '46:00', limitMinutes: 42 * 60 }]);
    expect(weekFlags(week('31:30'))).toEqual([{ kind: 'under', words: '31:30, less than 32:00', total: '31:30', limitMinutes: 32 * 60 }]);
    expect(weekFlags(week('43:30'))).toEqual([{ kind: 'over', words: '43:30, more than 42:00', total: '43:30', limitMinutes: 42 * 60 }]);
    expect(weekFlags(week('42:00'))).toEqual([]);
    expect(weekFlags(week('41:30'))).toEqual([]);
  });
  it('with its logs: the working days without hours, by name', () => {
    const logs = ['2026-11-16', '2026-11-17', '2026-11-19'].map((workDate) => ({ workDate, hours: '10:00' }));
    const flags = weekFlags(week('30:00', [...logs, { workDate: '2026-11-18', hours: '00:00' }]), 2026);
    expect(flags).toEqual([
      { kind: 'under', words: '30:00, less than 32:00', total: '30:00', limitMinutes: 32 * 60 },
      { kind: 'empty-days', words: 'no hours on Wed 18 Nov, Fri 20 Nov', days: ['2026-11-18', '2026-11-20'] },
    ]);
    // the Team tab says them from those facts, in the user's language and region
    const german = createWording('de', 'de-DE', de as unknown as CompiledMessages);
    expect(flags.map((f) => flagWords(german, f, 'review', 2026))).toEqual([
      '30:00, weniger als 32:00',
      'Keine Stunden am Mi., 18. Nov. und Fr., 20. Nov.',
    ]);
    expect(flags.map((f) => flagWords(englishWording(), f, 'row', 2026))).toEqual([
      '30:00, less than 32:00',
      'no hours on Wed 18 Nov and Fri 20 Nov',
    ]);
  });
});

describe('moments and durations in words', () => {
  it('a moment on a 24-hour clock with the day, the year only when another', () => {
    const at = new Date(2026, 10, 18, 14, 5).getTime();
    expect(plainMoment(at, TEST_NOW)).toBe('Wed 18 Nov 14:05');
    expect(plainMoment(new Date(2025, 11, 31, 9, 0).getTime(), TEST_NOW)).toBe('Wed 31 Dec 2025 09:00');
  });
  it('a duration that cannot be misread', () => {
    expect(['59 s', '59 min', '1 h 7 min', '13 h']).toEqual([59_000, 59 * 60_000, 67 * 60_000, 13 * 3_600_000].map(durationWords));
  });
});

describe('a pasted address', () => {
  it('gives its run token, whatever part of it was pasted', () => {
    expect(tokenIn('http://127.0.0.1:5199/#token=abcDEF_123-xyz')).toBe('abcDEF_123-xyz');
    expect(tokenIn('  #token=abcDEF_123-xyzabcdefghij ')).toBe('abcDEF_123-xyzabcdefghij');
    expect(tokenIn('Hm0qCx3d6oWd1rJwZ5oC8m2G1gYxWm9pS3cV0bQnE4A')).toBe('Hm0qCx3d6oWd1rJwZ5oC8m2G1gYxWm9pS3cV0bQnE4A');
    expect(tokenIn('http://127.0.0.1:5199/')).toBeNull();
    expect(tokenIn('hello')).toBeNull();
  });
});

describe('whose timesheets "Approve N" decided', () => {
  const detail = (name: string, status: Timesheet['status']): TimesheetDetail =>
    ({
      recordId: name,
      timesheetName: 'Week',
      status,
      totalHours: '40:00',
      billableHours: '0:00',
      fromDate: '2026-11-09',
      toDate: '2026-11-15',
      employeeName: name,
      timeLogs: [],
    }) as unknown as TimesheetDetail;
  it('names them by name; and those waiting for the next approver', () => {
    const ok = (name: string, status: Timesheet['status'] = 'approved'): DecisionOutcome => ({
      id: name,
      ok: true,
      timesheet: detail(name, status),
    });
    const w = englishWording();
    expect(batchLine(w, [ok('Sofia Garcia'), ok('Ava Johnson'), ok('James Wilson')], 'approved')).toBe(
      'Approved 3 timesheets: Ava Johnson, James Wilson, and Sofia Garcia.',
    );
    expect(batchLine(w, [ok('Noah Kim'), ok('Noah Kim')], 'rejected')).toBe('Rejected 2 timesheets: Noah Kim (2).');
    expect(batchLine(w, [ok('Noah Kim', 'pending')], 'approved')).toBe(
      'Approved 1 timesheet: Noah Kim. Noah Kim waits for the next approver.',
    );
    const failed: DecisionOutcome = { id: 'x', ok: false, reason: 'It no longer waits for approval.', error: 'ServiceError' };
    expect(batchLine(w, [ok('Ava Johnson'), failed], 'approved')).toBe(
      'Approved 1 of 2 timesheets (Ava Johnson); 1 was not (why is shown with it).',
    );
    expect(batchLine(w, [failed, failed], 'rejected')).toBe('None of the 2 timesheets was decided (why is shown with each).');
    // in German, with German plurals and list words
    const german = createWording('de', 'de-DE', de as unknown as CompiledMessages);
    expect(batchLine(german, [ok('Sofia Garcia'), ok('Ava Johnson'), ok('Noah Kim', 'pending')], 'approved')).toBe(
      '3 Stundenzettel genehmigt: Ava Johnson, Noah Kim und Sofia Garcia. Der Stundenzettel von Noah Kim wartet auf die nächste Genehmigungsstufe.',
    );
  });
});

describe('a terminal table cut to fit', () => {
  it('cuts the shrinking column to what is left of the width, and caps a column at its maximum', () => {
    const out = formatTable(
      [{ header: 'ID' }, { header: 'JOB', max: 8 }, { header: 'TEXT', shrink: true }],
      [['L-1', 'Frontend Development', 'x'.repeat(200)]],
      [],
      { maxWidth: 40 },
    );
    for (const line of out.split('\n')) expect([...line].length).toBeLessThanOrEqual(40);
    expect(out.split('\n')[2]).toMatch(/^L-1 {2}Fronten\u2026 {2}x+\u2026$/);
  });
});
