/**
 * The employee directory's face (./directory.ts: every employee record of the account, kept on disk and current; ./search.ts:
 * the search as HR types; ./employee-index.ts: a record found by how another record names someone).
 */
export { createEmployeeDirectory, type EmployeeDirectory } from './directory';
export { searchEmployees } from './search';
