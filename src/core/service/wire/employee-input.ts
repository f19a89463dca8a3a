/**
 * The `inputData` of insertRecord / updateRecord (spec 4.4): the fields to write keyed by their display labels
 * (`First Name`, `Last Name`, `Email`, `Employee ID`, ...), as a JSON object string, or as XML when the path's
 * input_type is `xml` (the service's XML form: `<Request><Record><field name="...">value</field></Record></Request>`).
 */
import { saidOf } from '../../../shared/i18n/said';
import { InvalidInputError } from '../errors';
import { inputCheckWords, type Cannot } from './input-checks';

export function employeeInputData(fields: Record<string, string>, inputType: 'json' | 'xml', action: Cannot): string {
  const labelled = Object.entries(fields ?? {});
  if (labelled.length === 0) {
    const alone = inputCheckWords.noFieldsAlone();
    throw new InvalidInputError(inputCheckWords.noFields(action), [
      { field: 'fields', rule: 'required', message: alone.message, said: saidOf(alone) },
    ]);
  }
  for (const [label, value] of labelled) {
    if (label.trim() === '' || typeof value !== 'string') {
      const alone = inputCheckWords.badFieldAlone(label, typeof value);
      throw new InvalidInputError(inputCheckWords.badField(action, label, typeof value), [
        { field: 'fields', rule: 'format', message: alone.message, said: saidOf(alone) },
      ]);
    }
  }
  if (inputType === 'json') return JSON.stringify(Object.fromEntries(labelled));
  const xmlFields = labelled.map(([label, value]) => `<field name="${escapeXml(label)}">${escapeXml(value)}</field>`).join('');
  return `<Request><Record>${xmlFields}</Record></Request>`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
