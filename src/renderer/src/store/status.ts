/** Online or not, what waits in the outbox, and who is signed in: the header's status pill. */
import type { AppStatus } from '../../../shared/domain';
import { toUserError, type UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export interface StatusSlice {
  status: {
    value: AppStatus | null;
    error: UserError | null;
    load(): Promise<void>;
  };
}

/** The pill's words: never colour alone. */
export function describeStatus(s: AppStatus | null): { label: string; tone: 'ok' | 'busy' | 'warn' | 'off' } {
  if (!s) return { label: 'Connecting...', tone: 'busy' };
  const { queued, sending, needsAttention } = s.outbox;
  const waiting = queued + sending;
  if (needsAttention) return { label: `${needsAttention} need${needsAttention === 1 ? 's' : ''} attention`, tone: 'warn' };
  if (!s.online) return { label: waiting ? `Offline · ${waiting} queued` : 'Offline', tone: 'off' };
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
