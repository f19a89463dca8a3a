/**
 * The `inputData` of insertRecord / updateRecord (spec 4.4): the fields to write keyed by their display labels
 * (`First Name`, `Last Name`, `Email`, `Employee ID`, ...), as a JSON object string, or as XML when the path's
 * input_type is `xml` (the service's XML form: `<Request><Record><field name="...">value</field></Record></Request>`).
 */
import { InvalidInputError } from '../errors';

export function employeeInputData(fields: Record<string, string>, inputType: 'json' | 'xml', action: string): string {
  const labelled = Object.entries(fields ?? {});
  if (labelled.length === 0) {
    throw new InvalidInputError(`Cannot ${action}: give at least one field, keyed by its label (for example "First Name").`, [
      { field: 'fields', rule: 'required', message: 'give at least one field.' },
    ]);
  }
  for (const [label, value] of labelled) {
    if (label.trim() === '' || typeof value !== 'string') {
      throw new InvalidInputError(`Cannot ${action}: every field needs a label and a text value ("${label}" has ${typeof value}).`, [
        { field: 'fields', rule: 'format', message: 'every field needs a label and a text value.' },
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
