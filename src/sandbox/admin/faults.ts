/**
 * The active fault (the project brief's sandbox API `Fault`): one at a time; `match` is a substring of the path, `times` how many
 * matching requests it hits before it clears itself (all, until cleared, when absent).
 */
import type { Fault } from '../types';

const KINDS = new Set(['http-5xx', 'http-429', 'delay', 'commit-then-drop', 'odd-date']);

export class FaultSwitch {
  private active: Fault | null = null;
  private remaining = Infinity;

  set(f: Fault | null): void {
    if (f !== null) {
      if (!f || typeof f !== 'object' || !KINDS.has(f.kind)) {
        throw new Error(`fault.kind must be one of ${[...KINDS].join(', ')} (got ${JSON.stringify((f as { kind?: unknown })?.kind)})`);
      }
      if (f.kind === 'delay' && !(typeof f.ms === 'number' && f.ms >= 0))
        throw new Error('fault.ms must be a number of milliseconds >= 0 for a delay fault');
      if (f.kind === 'odd-date' && typeof f.workDate !== 'string') throw new Error('fault.workDate must be text for an odd-date fault');
    }
    this.active = f ? { ...f } : null;
    this.remaining = f?.times ?? Infinity;
  }

  current(): Fault | null {
    return this.active ? { ...this.active } : null;
  }

  /** The fault that hits this request, if any (and counts it). */
  take(path: string): Fault | null {
    const f = this.active;
    if (!f || (f.match && !path.includes(f.match))) return null;
    this.remaining -= 1;
    if (this.remaining <= 0) this.active = null;
    return f;
  }
}
