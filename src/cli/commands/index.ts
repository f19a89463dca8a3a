/**
 * Every `punch` command, in the order `punch --help` lists them.
 */
import type { Command } from '../command';
import { statusCommand } from './account';
import { loginCommand, logoutCommand } from './login';
import { jobsCommand, settingsCommand } from './catalog';
import { copyWeekCommand } from '../fill/copy-week';
import { dataCommand } from './data';
import { configCommand } from './config';
import { employeeAddCommand, employeeGetCommand, employeeUpdateCommand, employeesCommand } from './team/employees';
import { deleteCommand, editCommand, logCommand } from './logging';
import { outboxCommand, syncCommand } from './outbox';
import { sandboxCommand } from './sandbox';
import { approveCommand, deleteTimesheetCommand, rolesCommand, timesheetCommand, timesheetsCommand } from './team/timesheets';
import { payrollCommand } from './team/payroll';
import { timerDiscardCommand, timerStartCommand, timerStatusCommand, timerStopCommand } from './timer/timer';
import { submitCommand, weekCommand } from './week';
import { undoCommand } from './undo';

/** `key` names the section's title in the catalog (src/cli/help.ts). */
export const COMMAND_SECTIONS: Array<{ key: 'logging' | 'week' | 'managers' | 'hr' | 'account'; commands: Command[] }> = [
  {
    key: 'logging',
    commands: [
      logCommand,
      editCommand,
      deleteCommand,
      undoCommand,
      timerStartCommand,
      timerStopCommand,
      timerDiscardCommand,
      timerStatusCommand,
      jobsCommand,
    ],
  },
  { key: 'week', commands: [weekCommand, copyWeekCommand, submitCommand, syncCommand, outboxCommand] },
  { key: 'managers', commands: [rolesCommand, timesheetsCommand, timesheetCommand, approveCommand, deleteTimesheetCommand] },
  { key: 'hr', commands: [payrollCommand, employeesCommand, employeeGetCommand, employeeAddCommand, employeeUpdateCommand] },
  { key: 'account', commands: [loginCommand, logoutCommand, statusCommand, configCommand, dataCommand, settingsCommand, sandboxCommand] },
];

export const COMMANDS: Command[] = COMMAND_SECTIONS.flatMap((s) => s.commands);

/** Commands whose second word is a sub-command: `employee add`, `timer start`. */
export const GROUPS: ReadonlySet<string> = new Set(COMMANDS.filter((c) => c.name.includes(' ')).map((c) => c.name.split(' ')[0]));

export function findCommand(words: string[]): Command | undefined {
  return COMMANDS.find((c) => c.name === words.join(' '));
}
