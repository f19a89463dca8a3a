/** @inner src/core/dispatch.ts */
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../src/shared/contract';
import { OPERATION_NAMES } from '../../src/shared/contract';
import { createDispatcher, firstScreenAnswers, redactSecrets } from '../../src/core/dispatch';
import { systemTimers } from '../../src/core/clock';
import { AuthError, InvalidInputError, ServiceError } from '../../src/core/service';
import { forbiddenIn } from '../fixtures/forbidden-words';

/** Handlers that record what they were called with; a test swaps in one that throws. */
function recordingHandlers() {
  const calls: Array<{ name: string; input: unknown }> = [];
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      async (input: unknown) => {
        calls.push({ name, input });
        return { echoed: input };
      },
    ]),
  ) as unknown as Handlers;
  return { handlers, calls };
}

describe('dispatch', () => {
  it('calls the handler with the parsed input and wraps the value', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers);
    const r = await dispatch('logTime', { jobId: 'j1', workDate: '2026-03-02', hours: '01:30' });
    expect(r).toEqual({ ok: true, value: { echoed: { jobId: 'j1', workDate: '2026-03-02', hours: '01:30' } } });
    // no billing said: none is made up on the way (the core bills as the job is, src/shared/billing.ts)
    expect(calls).toEqual([{ name: 'logTime', input: { jobId: 'j1', workDate: '2026-03-02', hours: '01:30' } }]);
  });

  it('refuses an unknown operation without calling anything', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers);
    for (const name of ['dropDatabase', 'constructor', '__proto__', 'toString']) {
      const r = await dispatch(name, {});
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.name).toBe('InvalidInputError');
        expect(r.error.message).toContain(`cannot do "${name}" (unknown operation)`);
      }
    }
    expect(calls).toHaveLength(0);
  });

  it('refuses bad input with a message naming the field, and the handler is never called', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers);
    const r = await dispatch('logTime', { jobId: 'j1', workDate: '2026-03-02', hours: '1h30' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.name).toBe('InvalidInputError');
      expect(r.error.message).toBe('Hours: use a duration like 1:30, 1h30 or 90m.');
      // named at its field, for the form to show it there
      expect(r.error.violations).toEqual([
        {
          field: 'hours',
          rule: 'format',
          message: 'Hours: use a duration like 1:30, 1h30 or 90m.',
          // and as a code with values, for each shell to say in the user's language
          said: {
            code: 'core.input.own',
            values: {
              field: { said: { code: 'core.field.hours', values: {} } },
              words: { said: { code: 'core.input.own.hours', values: {} } },
            },
          },
        },
      ]);
    }
    const date = await dispatch('logTime', { jobId: 'j1', workDate: '2026-02-30', hours: '01:30' });
    expect(!date.ok && date.error.message).toBe('Date: that day is not on the calendar. Pick a real date.');
    const extra = await dispatch('getAccount', { sneaky: true });
    expect(extra.ok).toBe(false);
    if (!extra.ok) expect(extra.error.message).toContain('sneaky');
    expect(calls).toHaveLength(0);
  });

  it('maps a thrown service error to name, message and code, with no stack', async () => {
    const { handlers } = recordingHandlers();
    handlers.getTimesheet = async () => {
      throw new ServiceError('9008: timesheet not found', 9008, 404, 'timetracker/gettimesheetdetails');
    };
    const r = await createDispatcher(handlers)('getTimesheet', { id: '42' });
    expect(r).toEqual({ ok: false, error: { name: 'ServiceError', message: '9008: timesheet not found', code: 9008 } });
    expect(JSON.stringify(r)).not.toMatch(/at .*\.ts|stack/);
  });

  it('keeps rule violations so the form can show them by field', async () => {
    const { handlers } = recordingHandlers();
    const violations = [{ field: 'workDate', rule: 'future', message: 'workDate: 2099-01-01 is in the future.' }];
    handlers.logTime = async () => {
      throw new InvalidInputError('The entry breaks a company rule.', violations);
    };
    const r = await createDispatcher(handlers)('logTime', { jobId: 'j', workDate: '2099-01-01', hours: '01:00' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual({ name: 'InvalidInputError', message: 'The entry breaks a company rule.', violations });
  });

  it('never lets a token through an error message', async () => {
    const { handlers } = recordingHandlers();
    const token = '1000.8f3e2d1c0b9a.secretsecretsecret';
    handlers.getAccount = async () => {
      throw new AuthError(`request failed with Authorization: Zoho-oauthtoken ${token} (7202)`, 7202, 401);
    };
    handlers.getStatus = async () => {
      throw new Error(`fetch https://x/oauth/v2/token?refresh_token=${token}&client_secret=abcdefgh failed`);
    };
    handlers.listJobs = async () => {
      throw new Error(`the token ${token} was rejected`);
    };
    const dispatch = createDispatcher(handlers, { secrets: () => [token] });
    for (const op of ['getAccount', 'getStatus', 'listJobs']) {
      const r = await dispatch(op, {});
      expect(r.ok).toBe(false);
      const text = JSON.stringify(r);
      expect(text).not.toContain(token);
      expect(text).not.toContain('abcdefgh');
      expect(text).toContain('[redacted]');
    }
  });

  it('turns a thrown non-Error into a plain message', async () => {
    const { handlers } = recordingHandlers();
    handlers.getOutbox = async () => {
      throw { weird: true };
    };
    const r = await createDispatcher(handlers)('getOutbox', {});
    expect(r).toEqual({
      ok: false,
      error: { name: 'Error', message: 'Something went wrong inside Punchcard.', said: { code: 'core.something-went-wrong', values: {} } },
    });
  });
});

describe('redactSecrets', () => {
  it('hides header tokens, token parameters and known secrets but leaves ordinary text', () => {
    expect(redactSecrets('Bearer abc.def-123 refused')).toBe('Bearer [redacted] refused');
    expect(redactSecrets('"access_token":"xyz","expires_in":3600')).toBe('"access_token":"[redacted]","expires_in":3600');
    expect(redactSecrets('saw my-long-secret-value here', ['my-long-secret-value'])).toBe('saw [redacted] here');
    expect(redactSecrets('hours must be HH:MM', ['short'])).toBe('hours must be HH:MM');
  });

  it('passes a full or read-only disk over the bridge as a StorageError (not bad input), whatever layer let it through', async () => {
    const { handlers } = recordingHandlers();
    handlers.logTime = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    handlers.syncNow = async () => {
      throw Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS' });
    };
    const dispatch = createDispatcher(handlers, { dataDir: '/data/Punchcard' });
    const full = await dispatch('logTime', { jobId: 'j1', workDate: '2026-03-02', hours: '01:30' });
    expect(full).toEqual({ ok: false, error: expect.objectContaining({ name: 'StorageError', storage: 'full' }) });
    expect(!full.ok && full.error.message).toMatch(/^The disk is full: Punchcard could not save to \/data\/Punchcard/);
    const ro = await dispatch('syncNow', {});
    expect(!ro.ok && ro.error).toMatchObject({ name: 'StorageError', storage: 'read-only' });
    const { describeFailure, CoreFailure } = await import('../../src/cli/failure');
    expect(describeFailure(new CoreFailure(!ro.ok ? ro.error : { name: '', message: '' })).exitCode).toBe(6);
  });
});

describe("the contract's upper bounds", () => {
  it("refuses an idle threshold past 240 minutes, however large, in the field's own words, and calls nothing", async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers);
    for (const minutes of [241, 1441, 9_007_199_254_740_991, 1e300, Number.MAX_VALUE]) {
      const r = await dispatch('updatePreferences', { idleThresholdMinutes: minutes });
      expect(r.ok, String(minutes)).toBe(false);
      if (!r.ok) {
        expect(r.error.name).toBe('InvalidInputError');
        // the setting's bound, not the limit of a number type
        expect(r.error.message).toBe('Idle after: use 240 or less.');
        expect(forbiddenIn(r.error.message)).toEqual([]);
      }
    }
    expect(calls).toHaveLength(0);
    expect((await dispatch('updatePreferences', { idleThresholdMinutes: 240 })).ok).toBe(true);
  });

  it('refuses a "changed since" time no date can hold', async () => {
    const { handlers, calls } = recordingHandlers();
    const r = await createDispatcher(handlers)('listEmployees', { modifiedSince: 9_007_199_254_740_991 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^Changed since: use 8,640,000,000,000,000 or less\.$/);
    expect(calls).toHaveLength(0);
  });
});

describe("the first screen's answers (getFirstScreen)", () => {
  // a Friday: no previous week is read (Monday and Tuesday only)
  const FRIDAY = new Date(2026, 10, 27, 10, 0).getTime();
  const clock = { ...systemTimers, now: () => FRIDAY };

  it('answers each first call as that call answers it, the week before what uses its copy, leaving out what failed or came late', async () => {
    const { handlers, calls } = recordingHandlers();
    let weekDone = false;
    const seenBeforeWeek: string[] = [];
    handlers.getWeek = (async (input: unknown) => {
      await new Promise((r) => setImmediate(r)); // the week answers a turn of the event loop later than the rest
      weekDone = true;
      return { week: input };
    }) as unknown as Handlers['getWeek'];
    for (const name of ['previewSubmit', 'getReminders'] as const) {
      handlers[name] = (async () => {
        if (!weekDone) seenBeforeWeek.push(name);
        return [name];
      }) as never;
    }
    handlers.getRoles = (async () => {
      throw new ServiceError('the service is down', 500, 500, 'timetracker/getroles');
    }) as Handlers['getRoles'];
    // the company settings never come: the answers go without them at the deadline
    handlers.getCompanySettings = (() => new Promise(() => undefined)) as Handlers['getCompanySettings'];
    const dispatch = createDispatcher(handlers);

    const got = await firstScreenAnswers(dispatch, clock, 200);

    expect(got.date).toBe('2026-11-27');
    const byName = Object.fromEntries(got.answers.map((a) => [a.name, a]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        'getAccount',
        'getMorningReminder',
        'getOutboxList',
        'getPreferences',
        'getReminders',
        'getStatus',
        'getTimer',
        'getWeek',
        'listJobs',
        'previewSubmit',
      ].sort(),
    );
    // each as its own call through the same door answers it
    for (const a of got.answers) expect({ ok: true, value: a.value }).toEqual(await dispatch(a.name, a.input));
    expect(byName.getWeek.input).toEqual({ date: '2026-11-23', look: 'glance' });
    expect(byName.listJobs.input).toEqual({ status: 'in-progress' });
    expect(seenBeforeWeek).toEqual([]);
    expect(calls.some((c) => c.name === 'getFirstScreen')).toBe(false);
  });
});
