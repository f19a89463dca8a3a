/** HR: the payroll report, and employee records. Two views behind a small switch to keep the window compact. */
import { useState } from 'react';
import { EmployeeRecords } from './EmployeeRecords';
import { PayrollReport } from './PayrollReport';

export function HrScreen() {
  const [view, setView] = useState<'payroll' | 'employees'>('payroll');
  return (
    <div className="stack">
      <div className="segmented" role="group" aria-label="HR">
        <button type="button" aria-pressed={view === 'payroll'} onClick={() => setView('payroll')}>
          Payroll report
        </button>
        <button type="button" aria-pressed={view === 'employees'} onClick={() => setView('employees')}>
          Employee records
        </button>
      </div>
      {view === 'payroll' ? <PayrollReport /> : <EmployeeRecords />}
    </div>
  );
}
