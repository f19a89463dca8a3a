/** Online or not, what waits in the outbox, and who is signed in: the header's status pill. */
import type { AppStatus } from '../../../shared/domain';
import { networkWords } from '../../../shared/network';
import { actionRunner } from './action';
import type { UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export interface StatusSlice {
  status: {
    value: AppStatus | null;
    error: UserError | null;
    /** Reports with an "I have seen this" in flight. */
    acknowledging: string[];
    load(): Promise<void>;
    /** "I have seen this" for damage reports: they leave the status (and the banner) once the core has recorded it. */
    acknowledgeDamage(ids: string[]): Promise<boolean>;
  };
}

/** What the disk's state means, in a few words (the pill) and in a sentence (the banner). */
export const STORAGE_WORDS = {
  full: { short: 'Disk full', long: 'The disk is full: Punchcard cannot save anything new. Free some space; nothing you already logged is lost.' },
  'read-only': { short: 'Disk read-only', long: 'The disk is read-only: Punchcard cannot save anything new. Make it writable again; nothing you already logged is lost.' },
  denied: { short: 'Cannot save', long: 'Punchcard may not write to its data folder (permission denied). Give your user write access to it; nothing you already logged is lost.' },
  failed: { short: 'Disk error', long: 'The disk failed while Punchcard saved. Check the disk; nothing you already logged is lost.' },
} as const;

/**
 * The pill's words: never colour alone. `detail` is the measured cause in the words `punch status` and the tray use
 * (src/shared/network.ts): "no network", "rate limited until 14:05", ... (absent while online).
 */
export function describeStatus(s: AppStatus | null): { label: string; tone: 'ok' | 'busy' | 'warn' | 'off'; detail?: string } {
  if (!s) return { label: 'Connecting...', tone: 'busy' };
  if (s.storage && s.storage !== 'ok') return { label: STORAGE_WORDS[s.storage].short, tone: 'warn' };
  if (s.account.problem) return { label: 'Not signed in', tone: 'warn' };
  const { queued, sending, needsAttention } = s.outbox;
  const waiting = queued + sending;
  const cause = s.network?.cause;
  const detail = cause && cause !== 'online' && cause !== 'unchecked' ? { detail: networkWords(s.network) } : {};
  const queuedPart = waiting ? ` · ${waiting} queued` : '';
  if (needsAttention) return { label: `${needsAttention} need${needsAttention === 1 ? 's' : ''} attention`, tone: 'warn', ...detail };
  if (!s.online) return { label: waiting ? `Offline · ${waiting} queued` : 'Offline', tone: 'off', ...detail };
  if (cause === 'token-rejected') return { label: `Sign in again${queuedPart}`, tone: 'warn', ...detail };
  if (cause === 'rate-limited') return { label: `Rate limited${queuedPart}`, tone: 'busy', ...detail };
  if (cause === 'server-error') return { label: `Service failing${queuedPart}`, tone: 'warn', ...detail };
  if (sending) return { label: `Syncing ${waiting}`, tone: 'busy' };
  if (queued) return { label: `Online · ${queued} queued`, tone: 'busy' };
  return { label: 'Online · all synced', tone: 'ok' };
}

export const createStatusSlice: SliceCreator<StatusSlice> = ({ api }) => (set, get) => {
  const run = actionRunner((p: Partial<StatusSlice['status']>) => patchSlice(set, 'status', p));
  return {
    status: {
      value: null,
      error: null,
      acknowledging: [],
      async load() {
        await run({ error: 'error', done: (value) => ({ value }) }, () => api.getStatus({}));
      },
      async acknowledgeDamage(ids) {
        const idle = () => ({ acknowledging: get().status.acknowledging.filter((id) => !ids.includes(id)) });
        const answer = await run({
          error: 'error', start: { acknowledging: [...get().status.acknowledging, ...ids] }, done: idle, failed: idle,
        }, () => api.acknowledgeDamage({ ids }));
        if (answer.ok) await get().status.load();
        return answer.ok;
      },
    },
  };
};
