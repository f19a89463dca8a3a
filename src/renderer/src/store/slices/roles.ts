/**
 * What the signed-in user may do, as the core found out (getRoles, src/core/team/roles.ts): the Team tab for those
 * with timesheets of others to approve, the HR tab for those with payroll and records access.
 * Until it is known (offline at first start) both tabs stay hidden and nothing is said: it is not an error.
 */
import type { Screen } from '../../../../shared/contract';
import type { Roles } from '../../../../shared/domain';
import { actionRunner } from '../action';
import { patchSlice, type SliceCreator } from '../types';

export interface RolesSlice {
  roles: {
    approver: boolean;
    hr: boolean;
    known: boolean;
    /**
     * Whether an ask has been answered (known or not, or failed): from then on the tab strip shows its tabs
     * (hooks/useTabsSettled.ts), so Team and HR do not join under the pointer a moment after the others showed.
     */
    answered: boolean;
    checkedAt?: number;
    loading: boolean;
    /** Asks the core (which keeps the answer 12 hours; `refresh`: ask the service again now). */
    load(opts?: { refresh?: boolean }): Promise<void>;
  };
}

/** Whether a screen is offered: Team to approvers, HR to HR; the others to everyone. */
export function screenAllowed(screen: Screen, roles: Pick<Roles, 'approver' | 'hr'>): boolean {
  if (screen === 'team') return roles.approver;
  if (screen === 'hr') return roles.hr;
  return true;
}

export const createRolesSlice: SliceCreator<RolesSlice> =
  ({ api }) =>
  (set, get) => {
    const patch = (p: Partial<RolesSlice['roles']>) => patchSlice(set, 'roles', p);
    const run = actionRunner(patch);
    /** Only the latest ask writes its answer (an account change asks again while an older ask is out). */
    let asked = 0;
    return {
      roles: {
        approver: false,
        hr: false,
        known: false,
        answered: false,
        loading: false,
        async load(opts = {}) {
          const mine = ++asked;
          const answer = await run(
            {
              busy: 'loading',
              wanted: () => mine === asked,
              done: (r: Roles) => ({ approver: r.approver, hr: r.hr, known: r.known, answered: true, checkedAt: r.checkedAt }),
              failed: () => ({ answered: true }),
            },
            () => api.getRoles(opts.refresh ? { refresh: true } : {}),
          );
          // The tab on screen is no longer offered (signed in as someone else): back to Track.
          if (answer.ok && !answer.stale && !screenAllowed(get().ui.screen, get().roles)) get().ui.show('track');
        },
      },
    };
  };
