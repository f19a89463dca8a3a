/** HR: the payroll report, and employee records. Two views behind a small switch to keep the window compact. */
import { useState } from 'react';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { EmployeeRecords } from './EmployeeRecords';
import { PayrollReport } from './PayrollReport';

const M = defineMessages({
  views: { id: 'hr.views', defaultMessage: 'HR', description: 'Screen reader name of the switch between the two HR views.' },
  payroll: { id: 'hr.view.payroll', defaultMessage: 'Payroll report' },
  employees: { id: 'hr.view.employees', defaultMessage: 'Employee records' },
});

export function HrScreen() {
  const w = useWording();
  const [view, setView] = useState<'payroll' | 'employees'>('payroll');
  return (
    <div className="stack">
      <div className="segmented" role="group" aria-label={w.say(M.views)}>
        <button type="button" aria-pressed={view === 'payroll'} onClick={() => setView('payroll')}>
          {w.say(M.payroll)}
        </button>
        <button type="button" aria-pressed={view === 'employees'} onClick={() => setView('employees')}>
          {w.say(M.employees)}
        </button>
      </div>
      {view === 'payroll' ? <PayrollReport /> : <EmployeeRecords />}
    </div>
  );
}
