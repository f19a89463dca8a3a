/**
 * Hours of spaces only ("   ", a tab, a no-break space) are read as no hours at all, everywhere hours are typed: the
 * app's forms (components/track/DurationField.tsx `readDuration`: the Track form's button is then "Start timer", a
 * day's Log stays closed, as with the field empty) and `punch log` ("--hours is required", as for `--hours ""`), never
 * as hours nor as a value in the wrong form. Checked, not changed: both already did (this pins it).
 */
import { describe, expect, it } from 'vitest';
import { required } from '../../src/cli/input';
import { readDuration } from '../../src/renderer/src/components/track/DurationField';

const BLANKS = ['   ', '\t', ' \u00a0 '];

describe('hours of spaces only', () => {
  it('are no hours in the forms: nothing to log and nothing to call out, as with the field empty', () => {
    const empty = readDuration('');
    expect(empty).toEqual({ minutes: null, hhmm: null, problem: null });
    for (const blank of BLANKS) expect(readDuration(blank), JSON.stringify(blank)).toEqual(empty);
  });

  it('are "--hours is required" for punch log, the words of --hours ""', () => {
    const said = (hours: string) => {
      try {
        required({ hours }, 'hours', '01:30');
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(said('')).toBe('--hours is required, for example --hours 01:30.');
    for (const blank of BLANKS) expect(said(blank), JSON.stringify(blank)).toBe(said(''));
  });
});
