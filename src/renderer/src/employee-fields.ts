/**
 * Employee record fields arrive under the service's own names, which differ by form and data centre (wire-format.md
 * "employees": `Employeestatus`, `EmailID`, `EMPLOYEEMAILALIAS`, `Zoho_ID` ...). Known ones are said in the user's
 * words; the match ignores case, spaces and underscores, and a field we do not know is shown under the name it came
 * with (the service's word: not ours to translate).
 */
import { defineMessages, type Wording } from '../../shared/i18n/messages';

const KNOWN: Record<string, string> = {
  recordid: 'recordId',
  zohoid: 'recordId',
  erecno: 'recordId',
  employeeid: 'employeeId',
  firstname: 'firstName',
  lastname: 'lastName',
  emailid: 'email',
  email: 'email',
  employeemailalias: 'email',
  employeestatus: 'status',
  status: 'status',
  department: 'department',
  designation: 'designation',
  modifiedtime: 'lastChanged',
  addedtime: 'added',
  reportingto: 'reportsTo',
  dateofjoining: 'dateOfJoining',
  dateofexit: 'dateOfExit',
  location: 'location',
  employeetype: 'employeeType',
  mobile: 'mobile',
  workphone: 'workPhone',
  extension: 'extension',
};

const M = defineMessages({
  field: {
    id: 'hr.field',
    defaultMessage:
      '{field, select, recordId {Record ID} employeeId {Employee ID} firstName {First name} lastName {Last name} email {Email} status {Status} department {Department} designation {Designation} lastChanged {Last changed} added {Added} reportsTo {Reports to} dateOfJoining {Date of joining} dateOfExit {Date of exit} location {Location} employeeType {Employee type} mobile {Mobile} workPhone {Work phone} extension {Extension} other {{field}}}',
    description: "The name of a field of an employee record (designation: the job title; record ID: the service's number for the record).",
  },
});

/** The field a service's name stands for (`Employeestatus` -> `status`), or undefined for one we do not know. */
export function employeeFieldKind(field: string): string | undefined {
  return KNOWN[field.replace(/[\s_]/g, '').toLowerCase()];
}

/** `Employeestatus` -> "Status" in the user's words; an unknown field keeps its own name. */
export function employeeFieldLabel(w: Wording, field: string): string {
  const kind = employeeFieldKind(field);
  return kind ? w.say(M.field, { field: kind }) : field;
}
