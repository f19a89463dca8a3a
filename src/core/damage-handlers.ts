/**
 * The bridge calls of the damage reports (./store/damage.ts): the list, "I have seen this", and the answer to a
 * report's offer (../shared/domain/damage.ts `DamageOffer`): the logs a damaged record of the outbox
 * seems to hold that could not be recovered, logged again or discarded in one action (the app's banner, `punch data
 * log-again|discard`). Logged again means new logs through the log gate, so the company's rules apply as to any log;
 * each carries the report's id on its ledger row, and the journal is asked, under its lock, whether logs of this
 * report are there already: two processes answering at once log them once (the same protocol as the timer's stop).
 */
import type { Handlers, LogResult } from '../shared/contract';
import { offerSize, type DamageDelete, type DamageEdit } from '../shared/domain';
import { InvalidInputError } from './service';
import { coreWords } from './core-words';
import type { Clock } from './context';
import type { Ledger } from './journal';
import type { LogGate } from './log-gate';
import { loggedBy } from './outbox';
import { acknowledgeDamage, listDamage, resolveOffer, writing } from './store';

export function damageHandlers(deps: {
  dataDir: string;
  gate: LogGate;
  /** The logs as they are now (a change offered again is made only where it still differs); a held log let go. */
  ledger: Pick<Ledger, 'read' | 'change'>;
  clock: Clock;
  announce: () => void;
  /** A sync pass soon: a log let go after its offered delete was answered may go now. */
  syncSoon: () => void;
}): Pick<Handlers, 'listDamage' | 'acknowledgeDamage' | 'resolveDamage'> {
  const { dataDir, gate, ledger, clock, announce } = deps;

  /**
   * The changes a torn record held, made again through the gate (the company's rules, as any edit): each only in what
   * still differs from the log as it is now. A log deleted since is skipped: there is nothing left to change.
   */
  async function editAgain(edits: DamageEdit[]): Promise<LogResult[]> {
    const out: LogResult[] = [];
    for (const e of edits) {
      const row = ledger.read().rows[e.localId];
      if (!row || row.pendingDelete) continue;
      const change = {
        ...(e.workDate !== row.workDate ? { workDate: e.workDate } : {}),
        ...(e.hours !== row.hours ? { hours: e.hours } : {}),
        ...(e.billingStatus !== row.billingStatus ? { billable: e.billingStatus === 'Billable' } : {}),
        ...((e.description ?? '') !== (row.description ?? '') ? { description: e.description ?? '' } : {}),
      };
      if (Object.keys(change).length > 0) out.push(await gate.editLog({ localId: e.localId, ...change }));
    }
    return out;
  }

  /**
   * The deletes a torn record held, made again through the gate (as any delete: a log the service has gets its delete
   * entry, one never sent is taken away). A log deleted since, or gone, is skipped: it is deleted already.
   */
  async function deleteAgain(deletes: DamageDelete[]): Promise<void> {
    for (const d of deletes) {
      const row = ledger.read().rows[d.localId];
      if (row && !row.pendingDelete) await gate.deleteLog(d.localId);
    }
  }

  /** The logs held for the answer to report `id` (./journal/torn-end.ts `heldForAnswer`) go as they are now. */
  function letGo(deletes: DamageDelete[], id: string): void {
    ledger.change((j) => {
      for (const d of deletes) {
        const row = j.rows[d.localId];
        if (row?.deleteOffered === id) delete row.deleteOffered;
      }
    });
  }

  return {
    listDamage: async () => listDamage(dataDir),

    async acknowledgeDamage({ ids, all }) {
      if (ids) {
        const known = new Set(listDamage(dataDir).map((r) => r.id));
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length) {
          throw new InvalidInputError(coreWords.noReports(unknown));
        }
      }
      const done = writing(dataDir, () => acknowledgeDamage(dataDir, all ? 'all' : (ids ?? []), clock.now()));
      announce();
      return done;
    },

    async resolveDamage({ id, action }) {
      const report = listDamage(dataDir).find((r) => r.id === id);
      if (!report) throw new InvalidInputError(coreWords.noReport(id));
      const offer = report.offer;
      if (!offer || offerSize(offer) === 0) throw new InvalidInputError(coreWords.noOffer());
      if (offer.resolved) throw new InvalidInputError(coreWords.answered(offer.resolved.action));
      let logged: LogResult[] = [];
      if (action === 'log-again' && offer.logs.length > 0) {
        const days = offer.logs.map((l) => l.workDate);
        logged = await gate.logMany(
          offer.logs.map((l) => ({
            workDate: l.workDate,
            hours: l.hours,
            ...(l.jobId ? { jobId: l.jobId } : {}),
            jobName: l.jobName,
            billable: l.billingStatus === 'Billable',
            ...(l.workItem ? { workItem: l.workItem } : {}),
            ...(l.description ? { description: l.description } : {}),
            damageId: id,
          })),
          {
            precondition: (j) => {
              if (loggedBy(j, { damageId: id }, days)) throw new InvalidInputError(coreWords.answered('logged'));
            },
          },
        );
      }
      if (action === 'log-again') logged.push(...(await editAgain(offer.edits ?? [])));
      // a delete offered: "Delete it" deletes the log again, "Keep it" (discard) keeps it as the file holds it
      if (action === 'log-again') await deleteAgain(offer.deletes ?? []);
      // deleted (a log the service has keeps its row until its delete is sent) or kept: what is left of them goes
      if (offer.deletes?.length) {
        letGo(offer.deletes, id);
        deps.syncSoon();
      }
      const done = writing(dataDir, () => resolveOffer(dataDir, id, action === 'log-again' ? 'logged' : 'discarded', clock.now()));
      announce();
      return { report: done, logged };
    },
  };
}
