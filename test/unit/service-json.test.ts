/** @inner src/core/service/wire/json.ts */
import { describe, expect, it } from 'vitest';
import { parseJsonLossless, quoteLongIntegers } from '../../src/core/service/wire/json';

describe('lossless JSON parsing', () => {
  it('keeps every digit of an 18-digit id that arrives as a bare number', () => {
    const parsed = parseJsonLossless('{"recordId":123456789012345678,"n":[987654321098765432]}') as { recordId: string; n: string[] };
    expect(parsed.recordId).toBe('123456789012345678');
    expect(parsed.n[0]).toBe('987654321098765432');
  });

  it('leaves numbers of 15 digits or fewer as numbers', () => {
    expect(parseJsonLossless('{"a":123456789012345,"b":7}')).toEqual({ a: 123456789012345, b: 7 });
  });

  it('does not touch long digit runs inside strings, even after escaped quotes', () => {
    const text = '{"s":"id \\"1234567890123456789\\" here","t":"12345678901234567"}';
    expect(quoteLongIntegers(text)).toBe(text);
    expect(parseJsonLossless(text)).toEqual({ s: 'id "1234567890123456789" here', t: '12345678901234567' });
  });

  it('leaves decimals and exponents with many digits as numbers', () => {
    // the literals are the point: JSON numbers that a double cannot hold exactly, which must stay numbers
    // eslint-disable-next-line no-loss-of-precision
    expect(parseJsonLossless('[1234567890123456.5, 12345678901234567e2]')).toEqual([1234567890123456.5, 12345678901234567e2]);
  });

  it('quotes negative long integers with their sign', () => {
    expect(parseJsonLossless('{"x":-1234567890123456789}')).toEqual({ x: '-1234567890123456789' });
  });

  it('still rejects malformed JSON', () => {
    expect(() => parseJsonLossless('{"a":')).toThrow(SyntaxError);
  });
});
