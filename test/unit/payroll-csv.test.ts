/**
 * The payroll report as people read it and export it (src/shared/team/payroll.ts): amounts in the currency with the same
 * formatting in rows and totals, a plain number when the service gives no currency, and RFC 4180 CSV that a
 * spreadsheet cannot mistake for formulas.
 */
import { describe, expect, it } from 'vitest';
import type { PayrollRecord } from '../../src/shared/domain';
import {
  csvField,
  currencyCode,
  currencyNote,
  decimalHours,
  formatAmount,
  formatCents,
  NOT_NAMED,
  payrollCsv,
  payrollFileName,
  payrollOrder,
  payrollTotals,
  regionalCsv,
  rowEmployee,
  safeText,
  toCsv,
} from '../../src/shared/team/payroll';

const row = (p: Partial<PayrollRecord> & { currency?: string }): PayrollRecord => {
  const { currency, ...rest } = p;
  return {
    regularHour: '160:00',
    OtHours: '04:30',
    paidLeaveHours: '08:00',
    totalAmount: '2200',
    extra: currency ? { currency } : {},
    ...rest,
  };
};

describe('amounts', () => {
  it('formats a row and the total the same way, in the currency of the rows', () => {
    const rows = [
      row({ employeeName: 'A', totalAmount: '250', currency: 'USD' }),
      row({ employeeName: 'B', totalAmount: '2200', currency: 'USD' }),
      row({ employeeName: 'C', totalAmount: '375.5', currency: 'usd' }),
    ];
    expect(rows.map((r) => formatAmount(r, 'en-US'))).toEqual(['$250.00', '$2,200.00', '$375.50']);
    const totals = payrollTotals(rows);
    expect(totals.amounts).toEqual([{ code: 'USD', cents: 282550 }]);
    expect(formatCents(totals.amounts[0].cents, totals.amounts[0].code, 'en-US')).toBe('$2,825.50');
    expect(formatAmount(row({ totalAmount: '1234.5', currency: 'EUR' }), 'de-DE')).toBe('1.234,50\u00A0€');
  });

  it('shows plain numbers with two decimals and says so once when the service gives no currency', () => {
    const rows = [row({ totalAmount: '250' }), row({ totalAmount: '2200' })];
    expect(rows.map((r) => formatAmount(r, 'en-US'))).toEqual(['250.00', '2,200.00']);
    expect(formatCents(payrollTotals(rows).amounts[0].cents, undefined, 'en-US')).toBe('2,450.00');
    expect(currencyNote(rows)).toBe('Amounts are plain numbers: currency not given by the service.');
    expect(currencyNote([row({ currency: 'USD' })])).toBeNull();
  });

  it('does not guess a currency from text that is not a code', () => {
    expect(currencyCode('US Dollar')).toBeUndefined();
    expect(currencyCode('$')).toBeUndefined();
    expect(currencyCode('eur')).toBe('EUR');
    expect(formatAmount(row({ totalAmount: '10', currency: 'Dollars' }), 'en-US')).toBe('10.00');
    expect(currencyNote([row({ currency: 'Dollars' })])).toMatch(/"Dollars", which is not a currency code/);
  });

  it('keeps one total per currency when the rows mix them, and adds hours past 24 h as HH:MM', () => {
    const totals = payrollTotals([
      row({ currency: 'USD', totalAmount: '0.10' }),
      row({ currency: 'EUR', totalAmount: '5' }),
      row({ currency: 'USD', totalAmount: '0.20' }),
    ]);
    expect(totals.amounts).toEqual([
      { code: 'USD', cents: 30 },
      { code: 'EUR', cents: 500 },
    ]);
    expect(totals).toMatchObject({ regular: '480:00', overtime: '13:30', paidLeave: '24:00' });
  });

  it('shows an amount it cannot read as the service wrote it', () => {
    expect(formatAmount(row({ totalAmount: 'n/a', currency: 'USD' }), 'en-US')).toBe('n/a');
  });
});

describe('whose row', () => {
  it('names the row by name, else email, else id, else says the service did not', () => {
    expect(rowEmployee(row({ employeeName: 'Liam Chen', employeeEmail: 'l@x.test' }))).toEqual({
      label: 'Liam Chen',
      named: true,
      email: 'l@x.test',
    });
    expect(rowEmployee(row({ employeeEmail: 'l@x.test' })).label).toBe('l@x.test');
    expect(rowEmployee(row({ employeeId: 'E-7' })).label).toBe('E-7');
    expect(rowEmployee(row({ employeeName: ' ' }))).toEqual({ label: NOT_NAMED, named: false });
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and leaves plain text alone', () => {
    expect(csvField('Chen, Liam')).toBe('"Chen, Liam"');
    expect(csvField('Liam "the rock" Chen')).toBe('"Liam ""the rock"" Chen"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rlf')).toBe('"cr\rlf"');
    expect(csvField('Liam Chen')).toBe('Liam Chen');
  });

  it("prefixes a text cell that a spreadsheet would run as a formula with '", () => {
    for (const s of ['=SUM(A1)', '+1', '-1', '@cmd', '\tx']) expect(safeText(s)).toBe(`'${s}`);
    expect(safeText('Liam')).toBe('Liam');
    expect(toCsv(['a', 'n'], [['=1+1', '-5.00']], [true, false])).toBe("a,n\r\n'=1+1,-5.00\r\n");
    // the prefix is applied before quoting, so the quote wraps it
    expect(toCsv(['a'], [['=HYPERLINK("x","y")']], [true])).toBe('a\r\n"\'=HYPERLINK(""x"",""y"")"\r\n');
  });

  it("writes the report as shown: a header, one line per row in the report's order, CRLF, hours as HH:MM and decimal, amounts as plain decimals with their currency", () => {
    const csv = payrollCsv([
      row({ OtHours: '00:00', totalAmount: '1,234.5', currency: 'eur' }),
      row({ employeeName: 'Chen, Liam', employeeEmail: 'liam@x.test', employeeId: 'E-1', totalAmount: '2200', currency: 'USD' }),
      row({ employeeName: '=cmd|"/c calc"', totalAmount: '-12.5' }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Employee,Email,Employee ID,Regular hours,Regular hours (decimal),Overtime hours,Overtime hours (decimal),Paid leave hours,Paid leave hours (decimal),Amount,Currency',
      '"\'=cmd|""/c calc""",,,160:00,160.00,04:30,4.50,08:00,8.00,-12.50,',
      '"Chen, Liam",liam@x.test,E-1,160:00,160.00,04:30,4.50,08:00,8.00,2200.00,USD',
      // a row the service named nobody for comes last
      `${NOT_NAMED},,,160:00,160.00,00:00,0.00,08:00,8.00,1234.50,EUR`,
      '',
    ]);
  });

  it('orders rows by name, those without any hours after them, then the unnamed; decimal hours to the hundredth', () => {
    const none = { regularHour: '00:00', OtHours: '00:00', paidLeaveHours: '00:00' };
    const rows = [
      row({ employeeName: 'zoe Quinn' }),
      row({ employeeName: 'Olivia Grant', ...none }),
      row({}),
      row({ employeeName: 'Ava Johnson' }),
      row({ employeeName: 'ava Brown', ...none }),
      row({ employeeName: 'Émile Roux' }),
    ];
    expect(payrollOrder(rows).map((r) => rowEmployee(r).label)).toEqual([
      'Ava Johnson',
      'Émile Roux',
      'zoe Quinn',
      'ava Brown',
      'Olivia Grant',
      NOT_NAMED,
    ]);
    expect(['104:00', '07:30', '00:20', '00:00', '1600:45', 'x'].map(decimalHours)).toEqual([
      '104.00',
      '7.50',
      '0.33',
      '0.00',
      '1600.75',
      'x',
    ]);
  });

  it("writes numbers as the user's region does when asked: 104,00 and ';' between fields in Germany, headings in the user's words", () => {
    const header = ['Mitarbeiter', 'E-Mail', 'Personalnummer', 'N', 'N (d)', 'Ü', 'Ü (d)', 'U', 'U (d)', 'Betrag', 'Währung'];
    const german = regionalCsv('de-DE', header);
    expect(german.separator).toBe(';');
    const csv = payrollCsv(
      [row({ employeeName: 'Müller; Jana', regularHour: '104:00', totalAmount: '2,200.5', currency: 'EUR' }), row({ totalAmount: '12' })],
      german,
      'Vom Dienst nicht benannt',
    );
    expect(csv.split('\r\n')).toEqual([
      header.join(';'),
      // a field holding the separator is quoted; decimals with a comma, never grouped (a spreadsheet reads 2200,50)
      '"Müller; Jana";;;104:00;104,00;04:30;4,50;08:00;8,00;2200,50;EUR',
      'Vom Dienst nicht benannt;;;160:00;160,00;04:30;4,50;08:00;8,00;12,00;',
      '',
    ]);
    // where the region writes a decimal point, commas between fields as before; Latin digits for spreadsheets everywhere
    expect(regionalCsv('en-US', header)).toMatchObject({ separator: ',' });
    expect(regionalCsv('en-US', header).decimal(1234.5)).toBe('1234.50');
    expect(regionalCsv('fr-FR', header).decimal(1234.5)).toBe('1234,50');
    expect(regionalCsv('ar-EG', header).decimal(1234.5)).toBe('1234.50');
    // the plain form is the default, the same in every language: what scripts and `punch payroll --csv` read
    expect(payrollCsv([row({})]).split('\r\n')[0]).toMatch(/^Employee,Email,Employee ID,Regular hours,/);
  });

  it('names the file after the period', () => {
    expect(payrollFileName('2026-11-01', '2026-11-25')).toBe('payroll-2026-11-01-to-2026-11-25.csv');
  });
});
