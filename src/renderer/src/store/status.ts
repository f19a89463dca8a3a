/** Online or not, what waits in the outbox, and who is signed in: the header's status pill. */
import type { AppStatus } from '../../../shared/domain';
import { networkWords } from '../../../shared/network';
import { toUserError, type UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export interface StatusSlice {
  status: {
    value: AppStatus | null;
    error: UserError | null;
    load(): Promise<void>;
  };
}

/**
 * The pill's words: never colour alone. `detail` is the measured cause in the words `punch status` and the tray use
 * (src/shared/network.ts): "no network", "rate limited until 14:05", ... (absent while online).
 */
export function describeStatus(s: AppStatus | null): { label: string; tone: 'ok' | 'busy' | 'warn' | 'off'; detail?: string } {
  if (!s) return { label: 'Connecting...', tone: 'busy' };
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

export const createStatusSlice: SliceCreator<StatusSlice> = ({ api }) => (set) => ({
  status: {
    value: null,
    error: null,
    async load() {
      try {
        patchSlice(set, 'status', { value: await api.getStatus({}), error: null });
      } catch (e) {
        patchSlice(set, 'status', { error: toUserError(e) });
      }
    },
  },
});
