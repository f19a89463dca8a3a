import type { AppStatus } from '../domain';
import { offerSize } from '../domain';

/**
 * Logs offered from damaged files that the user has neither logged again nor discarded: `offers`, acknowledged reports
 * included (a core that predates it sends only the unacknowledged reports, `damage`). `toLogAgain`: logs and changes
 * read back; `deletes`: deletes that were not saved.
 */
export function offeredLogs(s: Pick<AppStatus, 'damage' | 'offers'>): { toLogAgain: number; deletes: number } {
  let toLogAgain = 0;
  let deletes = 0;
  for (const d of s.offers ?? s.damage ?? []) {
    if (!d.offer || d.offer.resolved) continue;
    const n = d.offer.deletes?.length ?? 0;
    deletes += n;
    toLogAgain += offerSize(d.offer) - n;
  }
  return { toLogAgain, deletes };
}
