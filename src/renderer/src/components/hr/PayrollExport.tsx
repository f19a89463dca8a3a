/**
 * "Export CSV" and its question: numbers as the user's region writes them (`104,00` in Germany, read as numbers by a
 * spreadsheet set to that region; `;` between fields where the decimal separator is a comma), or the plain form
 * scripts read (`104.00`, commas, English headings: what `punch payroll --csv` writes). The file is made of the rows
 * shown, in their order (src/shared/team/payroll.ts payrollCsv); dates are only in its name, in ISO form either way.
 */
import { useId, useState } from 'react';
import type { PayrollRecord } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { payrollCsv, payrollFileName, PLAIN_CSV, regionalCsv } from '../../../../shared/team/payroll';
import { useWording } from '../../i18n/I18n';
import { downloadText } from '../../payroll/download';
import { csvHeader, PAYROLL_WORDS } from '../../payroll/words';
import { Dialog } from '../Dialog';

const M = defineMessages({
  open: { id: 'hr.export.open', defaultMessage: 'Export CSV', description: 'Button: save the payroll report shown as a CSV file.' },
  title: { id: 'hr.export.title', defaultMessage: 'Export the payroll report as CSV' },
  numbers: {
    id: 'hr.export.numbers',
    defaultMessage: 'Numbers in the file',
    description: 'Above the two ways the file can write its numbers.',
  },
  region: {
    id: 'hr.export.region',
    defaultMessage: 'As in {region}',
    description: '{region}: the country of the formats chosen for dates and numbers (e.g. Germany).',
  },
  regionHint: {
    id: 'hr.export.region-hint',
    defaultMessage: '{example}, fields separated by “{separator}”, column names in your language: for a spreadsheet set to this region.',
    description: '{example}: 104 hours as this region writes them (104,00); {separator}: the character between fields (; or ,).',
  },
  plain: { id: 'hr.export.plain', defaultMessage: 'Plain, for scripts and imports' },
  plainHint: {
    id: 'hr.export.plain-hint',
    defaultMessage:
      '{example} with a decimal point, fields separated by commas, column names in English: always the same, in every language.',
    description: '{example}: 104.00.',
  },
  cancel: { id: 'hr.export.cancel', defaultMessage: 'Cancel' },
  save: { id: 'hr.export.save', defaultMessage: 'Export', description: 'Button: write the file.' },
});

/** The region's country in the user's language ("Germany"; a tag without one: its language, "German"). */
function regionName(language: string, region: string): string {
  const words = [language === 'en-XA' ? 'en' : language];
  try {
    const country = new Intl.Locale(region).region;
    return (
      (country
        ? new Intl.DisplayNames(words, { type: 'region' }).of(country)
        : new Intl.DisplayNames(words, { type: 'language' }).of(region)) ?? region
    );
  } catch {
    return region;
  }
}

export function PayrollExport({ rows, from, to }: { rows: PayrollRecord[]; from: string; to: string }) {
  const w = useWording();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [form, setForm] = useState<'region' | 'plain'>('region');
  const region = w.formats.region;
  const regional = regionalCsv(region, csvHeader(w));
  const save = () => {
    const csv = form === 'region' ? payrollCsv(rows, regional, w.say(PAYROLL_WORDS.notNamed)) : payrollCsv(rows, PLAIN_CSV);
    downloadText(payrollFileName(from, to), csv);
    setAsking(false);
  };
  return (
    <>
      <button type="button" className="btn btn-small" onClick={() => setAsking(true)}>
        {w.say(M.open)}
      </button>
      {asking && (
        <Dialog
          title={w.say(M.title)}
          onCancel={() => setAsking(false)}
          actions={
            <>
              <button type="button" className="btn btn-quiet" onClick={() => setAsking(false)}>
                {w.say(M.cancel)}
              </button>
              <button type="button" className="btn btn-primary" data-autofocus onClick={save}>
                {w.say(M.save)}
              </button>
            </>
          }
        >
          <fieldset className="fieldset stack">
            <legend className="field-label">{w.say(M.numbers)}</legend>
            <label className="check check-top">
              <input type="radio" name={`${id}-form`} checked={form === 'region'} onChange={() => setForm('region')} />
              <span>
                {w.say(M.region, { region: regionName(w.language, region) })}
                <span className="field-hint block">
                  {w.say(M.regionHint, { example: regional.decimal(104), separator: regional.separator })}
                </span>
              </span>
            </label>
            <label className="check check-top">
              <input type="radio" name={`${id}-form`} checked={form === 'plain'} onChange={() => setForm('plain')} />
              <span>
                {w.say(M.plain)}
                <span className="field-hint block">{w.say(M.plainHint, { example: PLAIN_CSV.decimal(104) })}</span>
              </span>
            </label>
          </fieldset>
        </Dialog>
      )}
    </>
  );
}
