import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_POLICY, rateRuleFor, resolvePolicy, SANDBOX_POLICY } from '../../src/main/core/service/policy';

describe('service policy', () => {
  it('documents the real service limits as data', () => {
    expect(rateRuleFor(DEFAULT_POLICY, 'timetracker/addtimelog')).toEqual({ limit: 20, windowMs: 60_000 });
    expect(rateRuleFor(DEFAULT_POLICY, 'forms/P_EmployeeView/records')).toEqual({ limit: 400, windowMs: 60_000 });
    expect(rateRuleFor(DEFAULT_POLICY, 'forms/json/P_Employee/getDataByID')).toEqual({ limit: 400, windowMs: 60_000 });
    expect(rateRuleFor(DEFAULT_POLICY, 'forms/json/P_Employee/insertRecord')).toEqual({ limit: 100, windowMs: 60_000 });
    expect(rateRuleFor(DEFAULT_POLICY, 'forms/json/P_Employee/updateRecord')).toEqual({ limit: 300, windowMs: 60_000 });
    expect(DEFAULT_POLICY).toMatchObject({ readRetries: 3, backoffBaseMs: 500, backoffMaxMs: 10_000, timeoutMs: 30_000, pageSize: 200 });
  });

  it('does not pace the sandbox', () => {
    expect(rateRuleFor(SANDBOX_POLICY, 'timetracker/addtimelog').limit).toBe(Number.POSITIVE_INFINITY);
  });

  it('lets a per-endpoint override win over the family rule', () => {
    const p = resolvePolicy({ perEndpoint: { 'timetracker/getjobs': { limit: 50, windowMs: 60_000 } } });
    expect(rateRuleFor(p, 'timetracker/getjobs').limit).toBe(50);
    expect(rateRuleFor(p, 'timetracker/gettimesheet').limit).toBe(20);
  });

  it('reduces a page size above 200 to 200', () => {
    expect(resolvePolicy({ pageSize: 500 }).pageSize).toBe(200);
    expect(resolvePolicy({ pageSize: 0 }).pageSize).toBe(1);
  });

  it('backs off exponentially with jitter, capped at the maximum', () => {
    const p = resolvePolicy();
    expect(backoffDelay(p, 1, () => 0)).toBe(250);
    expect(backoffDelay(p, 1, () => 1)).toBe(500);
    expect(backoffDelay(p, 3, () => 1)).toBe(2000);
    expect(backoffDelay(p, 10, () => 1)).toBe(10_000);
  });
});
