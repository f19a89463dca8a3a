/**
 * Add or edit an employee record. Keys are the service's display labels (spec 2.7); on insert the first four are
 * mandatory (wire-format: 7052 names the missing ones), so the form says so before sending.
 */
import { useState } from 'react';
import type { EmployeeRecord } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { employeeFieldLabel } from '../../employee-fields';
import { useWording } from '../../i18n/I18n';
import { useApp } from '../../store/useApp';
import { ErrorMessage } from '../Messages';

const M = defineMessages({
  edit: { id: 'hr.form.edit', defaultMessage: 'Edit {name}', description: "Heading of the form that changes an employee's record." },
  add: { id: 'hr.form.add', defaultMessage: 'Add employee', description: 'Heading, and the button that adds the record.' },
  required: { id: 'hr.form.required', defaultMessage: '{field} is required for a new employee.' },
  email: { id: 'hr.form.email', defaultMessage: 'Enter an email address like {example}.' },
  requiredNote: {
    id: 'hr.form.required-note',
    defaultMessage: '* required',
    description: 'Under the form: what the asterisk after a label means.',
  },
  cancel: { id: 'hr.form.cancel', defaultMessage: 'Cancel' },
  saving: { id: 'hr.form.saving', defaultMessage: 'Saving...' },
  save: { id: 'hr.form.save', defaultMessage: 'Save changes' },
});

const LABELS = ['First Name', 'Last Name', 'Email', 'Employee ID', 'Department', 'Designation'] as const;
type Label = (typeof LABELS)[number];
const REQUIRED: ReadonlySet<Label> = new Set(['First Name', 'Last Name', 'Email', 'Employee ID']);

function initialValues(r: EmployeeRecord | null): Record<Label, string> {
  return {
    'First Name': r?.firstName ?? '',
    'Last Name': r?.lastName ?? '',
    Email: r?.email ?? '',
    'Employee ID': r?.employeeId ?? '',
    Department: r?.fields.Department ?? r?.fields.department ?? '',
    Designation: r?.fields.Designation ?? r?.fields.designation ?? '',
  };
}

export function EmployeeForm({ record, onDone }: { record: EmployeeRecord | null; onDone: () => void }) {
  const w = useWording();
  const save = useApp((s) => s.hr.saveEmployee);
  const saving = useApp((s) => s.hr.saving);
  const error = useApp((s) => s.hr.saveError);
  const [initial] = useState(() => initialValues(record));
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const missing = record ? [] : LABELS.filter((l) => REQUIRED.has(l) && !values[l].trim());
  const emailBad = values.Email.trim() !== '' && !/^[^@\s]+@[^@\s]+$/.test(values.Email.trim());
  // An edit sends only what changed, so a stale form cannot overwrite someone else's newer change to another field.
  const changed = Object.fromEntries(LABELS.filter((l) => values[l].trim() !== initial[l]).map((l) => [l, values[l].trim()]));

  const submit = async () => {
    setTried(true);
    if (missing.length || emailBad) return;
    if (record && Object.keys(changed).length === 0) {
      onDone();
      return;
    }
    const fields = record ? changed : Object.fromEntries(LABELS.filter((l) => values[l].trim()).map((l) => [l, values[l].trim()]));
    if (await save(record?.recordId ?? null, fields)) onDone();
  };

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="screen-title">{record ? w.say(M.edit, { name: `${record.firstName} ${record.lastName}`.trim() }) : w.say(M.add)}</h2>
      <div className="form-grid">
        {LABELS.map((label) => {
          const name = employeeFieldLabel(w, label);
          const problem =
            tried && missing.includes(label)
              ? w.say(M.required, { field: name })
              : label === 'Email' && emailBad
                ? w.say(M.email, { example: 'name@company.com' })
                : null;
          const hintId = `emp-${label.replace(/\s/g, '')}-hint`;
          return (
            <label key={label} className="field">
              <span className="field-label">
                {name}
                {REQUIRED.has(label) && !record ? ' *' : ''}
              </span>
              <input
                className={`input${problem ? ' input-invalid' : ''}`}
                value={values[label]}
                type={label === 'Email' ? 'email' : 'text'}
                onChange={(e) => setValues((v) => ({ ...v, [label]: e.target.value }))}
                aria-invalid={!!problem || undefined}
                aria-describedby={problem ? hintId : undefined}
                required={REQUIRED.has(label) && !record}
              />
              {problem && (
                <span id={hintId} className="field-hint field-error">
                  {problem}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {!record && <p className="muted small">{w.say(M.requiredNote)}</p>}
      <ErrorMessage error={error} />
      <div className="row row-end">
        <button type="button" className="btn btn-quiet" onClick={onDone}>
          {w.say(M.cancel)}
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? w.say(M.saving) : record ? w.say(M.save) : w.say(M.add)}
        </button>
      </div>
    </form>
  );
}
