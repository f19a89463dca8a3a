/** @inner src/core/service/wire/fields.ts, src/core/service/wire/json.ts, src/core/service/wire/normalize-records.ts, src/core/service/wire/normalize.ts, src/core/service/wire/normalize-acks.ts */
import { describe, expect, it } from 'vitest';
import {
  toJob,
  toOptionalTimeLog,
  toTimeLogs,
  toPayrollRecord,
  toTimesheet,
  toTimesheetDetail,
} from '../../src/core/service/wire/normalize';
import { toAddedTimeLog, toCreatedTimesheet } from '../../src/core/service/wire/normalize-acks';
import { toEmployeeRecord, toTrackerSettings } from '../../src/core/service/wire/normalize-records';
import { parseJsonLossless } from '../../src/core/service/wire/json';
import { hoursOf, optionalDate, ShapeError } from '../../src/core/service/wire/fields';

const listRecord = {
  recordId: '412000000012345',
  timesheetName: 'Week 46',
  status: 'Pending',
  totalHours: '41:30',
  billableHours: '8:05',
  fromDate: '10-Nov-2025',
  toDate: '16-11-2025',
  employeeName: 'Maya Patel',
  employeeEmail: 'maya@x.test',
};

describe('dates and hours from the wire', () => {
  it('reads yyyy-MM-dd, dd-MMM-yyyy and dd-MM-yyyy as yyyy-MM-dd', () => {
    expect(optionalDate('2019-09-01')).toBe('2019-09-01');
    expect(optionalDate('01-Sep-2019')).toBe('2019-09-01');
    expect(optionalDate('1-sep-2019')).toBe('2019-09-01');
    expect(optionalDate('01-09-2019')).toBe('2019-09-01');
    expect(optionalDate(undefined)).toBeUndefined();
  });

  it('refuses a date that is not a calendar day', () => {
    expect(() => optionalDate('31-Feb-2024')).toThrow(ShapeError);
    expect(() => optionalDate('yesterday')).toThrow(ShapeError);
  });

  it('keeps hours as zero-padded HH:MM and preserves totals above 24 hours', () => {
    expect(hoursOf('7010:00')).toBe('7010:00');
    expect(hoursOf('8:05')).toBe('08:05');
    expect(hoursOf('25:30')).toBe('25:30');
    expect(hoursOf(7.5)).toBe('07:30');
    expect(hoursOf(undefined)).toBe('00:00');
    expect(() => hoursOf('8:75')).toThrow(ShapeError);
  });
});

describe('timesheets and time logs', () => {
  it('normalises a list record: capitalised status, company date format, short hours', () => {
    expect(toTimesheet(listRecord)).toEqual({
      recordId: '412000000012345',
      timesheetName: 'Week 46',
      status: 'pending',
      totalHours: '41:30',
      billableHours: '08:05',
      fromDate: '2025-11-10',
      toDate: '2025-11-16',
      employeeName: 'Maya Patel',
      employeeEmail: 'maya@x.test',
    });
  });

  it('refuses a status that is not an approval state', () => {
    expect(() => toTimesheet({ ...listRecord, status: 'burnt' })).toThrow(/approval status/);
  });

  it('reads a detail with time logs spelled timelogId and projects as objects', () => {
    const detail = toTimesheetDetail({
      timesheet: { ...listRecord, status: 'rejected', comments: 'Fix Tuesday' },
      timeLogs: [
        {
          timelogId: '123456789012345678',
          workDate: '2025-11-11',
          hours: '7:30',
          jobId: 99,
          jobName: 'Build',
          billingStatus: 'non-billable',
          approvalStatus: 'Rejected',
        },
        { timeLogId: '42', workDate: '12-Nov-2025', hours: '01:00', jobName: 'Ops', billingStatus: 'billable' },
      ],
      projects: [{ projectId: '1', projectName: 'Apollo' }],
      clients: ['Acme'],
    });
    expect(detail.status).toBe('rejected');
    expect(detail.comments).toBe('Fix Tuesday');
    expect(detail.projects).toEqual(['Apollo']);
    expect(detail.clients).toEqual(['Acme']);
    expect(detail.timeLogs[0]).toMatchObject({
      timeLogId: '123456789012345678',
      hours: '07:30',
      jobId: '99',
      billingStatus: 'Non Billable',
      approvalStatus: 'rejected',
    });
    expect(detail.timeLogs[1]).toMatchObject({ timeLogId: '42', workDate: '2025-11-12', billingStatus: 'Billable' });
  });

  it.each([
    [
      'the detail names nobody on the timesheet: its logs do (email and record id)',
      { timesheet: { recordId: '7', timesheetName: 'Timesheet 48' }, logs: [{ employeeEmail: 'liam@x.test', erecno: '301' }] },
      { employeeEmail: 'liam@x.test', employeeRecordId: '301' },
    ],
    [
      "the timesheet's own words win, its logs fill the gaps",
      { timesheet: { recordId: '7', employeeName: 'Liam Chen' }, logs: [{ Email_ID: 'liam@x.test', employeeName: 'Someone Else' }] },
      { employeeName: 'Liam Chen', employeeEmail: 'liam@x.test' },
    ],
    [
      "a timesheet's own name and id are never read as the employee's",
      { timesheet: { recordId: '7', name: 'Ava Johnson week' }, logs: [{ jobName: 'Build', projectName: 'Apollo' }] },
      {},
    ],
    [
      'an employee ID and a record id kept apart',
      { timesheet: { recordId: '7', Employee_ID: 'E-12', erecno: '99' }, logs: [] },
      { employeeId: 'E-12', employeeRecordId: '99' },
    ],
  ])('reads whose a detail is: %s', (_what, { timesheet, logs }, whose) => {
    const detail = toTimesheetDetail({
      timesheet: {
        status: 'pending',
        totalHours: '1:00',
        billableHours: '1:00',
        fromDate: '2025-11-10',
        toDate: '2025-11-16',
        ...timesheet,
      },
      timeLogs: logs.map((l, i) => ({
        timelogId: String(i + 1),
        workDate: '2025-11-11',
        hours: '1:00',
        jobName: 'Build',
        billingStatus: 'Billable',
        ...l,
      })),
      projects: [],
      clients: [],
    });
    const { employeeName, employeeEmail, employeeId, employeeRecordId } = detail;
    expect(JSON.parse(JSON.stringify({ employeeName, employeeEmail, employeeId, employeeRecordId }))).toEqual(whose);
  });

  it('reads a gettimelogs page as the real service writes it, leaving out an approval state it does not know', () => {
    const logs = toTimeLogs([
      {
        timelogId: 4120,
        workDate: '18-Nov-2026',
        hours: '9:30',
        jobId: '5',
        jobName: 'Build',
        billingStatus: 'billable',
        approvalStatus: 'Not Submitted',
      },
      {
        timelogId: '8',
        workDate: '18-Nov-2026',
        hours: '01:00',
        jobName: 'Ops',
        billingStatus: 'non-billable',
        approvalStatus: 'Approval not enabled',
      },
    ]);
    expect(logs[0]).toMatchObject({
      timeLogId: '4120',
      workDate: '2026-11-18',
      hours: '09:30',
      billingStatus: 'Billable',
      approvalStatus: 'draft',
    });
    expect(logs[1]).toMatchObject({ timeLogId: '8', billingStatus: 'Non Billable' });
    expect(logs[1].approvalStatus).toBeUndefined();
  });

  it('reads gettimelogdetails: first element, or null for an empty array', () => {
    expect(toOptionalTimeLog([])).toBeNull();
    expect(toOptionalTimeLog([{ timelogId: '7', workDate: '2025-11-11', hours: '02:00', jobName: 'X' }])?.timeLogId).toBe('7');
  });

  it('reads the answers of createtimesheet and addtimelog', () => {
    expect(toCreatedTimesheet({ timesheetId: ['5'], message: 'ok' })).toEqual({ timesheetIds: ['5'], message: 'ok' });
    expect(toCreatedTimesheet({ timesheetId: '6', message: 'ok' }).timesheetIds).toEqual(['6']);
    expect(toAddedTimeLog([{ timeLogId: '77', message: 'added' }])).toEqual({ timeLogId: '77', message: 'added' });
    expect(() => toAddedTimeLog([{ message: 'added' }])).toThrow(/timeLogId is missing/);
  });
});

describe('jobs, payroll, settings, employees', () => {
  it('normalises a job in the real spellings', () => {
    expect(
      toJob({
        jobId: 5,
        jobName: 'Build',
        projectName: 'P',
        clientName: 'C',
        jobStatus: 'In-progress',
        jobBillableStatus: 'non-billable',
        fromDate: '01-Sep-2019',
      }),
    ).toEqual({
      jobId: '5',
      jobName: 'Build',
      projectName: 'P',
      clientName: 'C',
      jobStatus: 'in-progress',
      jobBillableStatus: 'Non Billable',
      fromDate: '2019-09-01',
    });
  });

  it('keeps the further payroll fields in extra', () => {
    const r = toPayrollRecord({
      employeeName: 'A',
      regularHour: '160:00',
      OtHours: '4:30',
      paidLeaveHours: '0:00',
      totalAmount: '5120.50',
      currency: 'EUR',
      hourlyRate: 32,
    });
    expect(r).toMatchObject({ regularHour: '160:00', OtHours: '04:30', paidLeaveHours: '00:00', totalAmount: '5120.50' });
    expect(r.extra).toEqual({ currency: 'EUR', hourlyRate: '32' });
  });

  it('maps settings from the documented names', () => {
    expect(
      toTrackerSettings({
        logType: 'timer',
        maxHoursPerDay: '10:00',
        allowFutureTimeLog: false,
        allowedPastDays: 60,
        timesheetSubmissionDay: 'Friday',
        isTimeTrackerEnabled: true,
      }),
    ).toEqual({
      logType: 'timer',
      maxMinutesPerDay: 600,
      allowFutureDates: false,
      pastDaysAllowed: 60,
      submissionDueWeekday: 5,
      enabled: true,
    });
  });

  it('falls back tolerantly when settings use other names or say nothing', () => {
    expect(toTrackerSettings({ maxHours: 8, timesheetSubmissionDay: 'Mon' })).toMatchObject({
      maxMinutesPerDay: 480,
      submissionDueWeekday: 1,
      logType: 'hours',
    });
    expect(toTrackerSettings({ maximumHoursPerDay: '7:30', isTimeTrackerEnabled: 'false' })).toMatchObject({
      maxMinutesPerDay: 450,
      enabled: false,
    });
    expect(toTrackerSettings({})).toEqual({
      logType: 'hours',
      maxMinutesPerDay: 1440,
      allowFutureDates: false,
      pastDaysAllowed: null,
      submissionDueWeekday: 5,
      enabled: true,
    });
  });

  it('maps employee records from both key spellings', () => {
    const view = toEmployeeRecord(
      parseJsonLossless(
        '{"recordId":412000000098765432,"EmployeeID":"E-7","FirstName":"Ana","LastName":"Lee","EmailID":"ana@x.test","Department":"Ops","ModifiedTime":"1731000000000"}',
      ),
    );
    expect(view).toMatchObject({
      recordId: '412000000098765432',
      employeeId: 'E-7',
      firstName: 'Ana',
      lastName: 'Lee',
      email: 'ana@x.test',
      modifiedTime: 1731000000000,
    });
    expect(view.fields.Department).toBe('Ops');
    const labels = toEmployeeRecord({
      Zoho_ID: '9',
      'Employee ID': 'E-8',
      'First Name': 'Bo',
      'Last Name': 'Ng',
      EMPLOYEEMAILALIAS: 'bo@x.test',
    });
    expect(labels).toMatchObject({ recordId: '9', employeeId: 'E-8', firstName: 'Bo', lastName: 'Ng', email: 'bo@x.test' });
    expect(() => toEmployeeRecord({ FirstName: 'No id' })).toThrow(/recordId is missing/);
  });
});

describe('ids that lost precision', () => {
  it('refuses an id that arrived as an unsafe JS number instead of keeping a rounded value', () => {
    expect(() => toJob({ jobId: 2 ** 60, jobName: 'x' })).toThrow(/jobId .* not an integer that a number can hold exactly/);
  });
});
