/**
 * The status pill's tooltip (src/renderer/src/components/StatusPill.tsx `pillTitle`): the label, then the sentence,
 * each said once. Offline, the sentence begins with the label, and the tooltip (the pill's name for a screen reader
 * too) read "Offline. Offline: a gateway answered with an error page (HTTP 502) instead of the service. …".
 */
import { describe, expect, it } from 'vitest';
import { pillTitle } from '../../src/renderer/src/components/StatusPill';
import { syncLine } from '../../src/shared/status/sync-words';
import { englishWording } from '../../src/shared/i18n/english';
import type { AppStatus } from '../../src/shared/domain';

const account = {
  kind: 'sandbox',
  baseUrl: 'http://127.0.0.1:1',
  user: 'maya',
  authMethod: 'none',
  authScheme: 'Bearer',
  signedIn: true,
} as const;
const status = (over: Partial<AppStatus>): AppStatus => ({
  online: true,
  network: { cause: 'online' },
  outbox: { queued: 0, sending: 0, needsAttention: 0 },
  account,
  ...over,
});
const titleOf = (s: AppStatus) => {
  const line = syncLine(s, englishWording());
  return pillTitle(line.short, line.sentence, '', 'Open the outbox.');
};

describe('the status pill tooltip', () => {
  it('says "Offline" once when the sentence begins with it', () => {
    const title = titleOf(status({ online: false, network: { cause: 'offline-no-network' } }));
    expect(title).toBe('Offline: no network. Nothing is waiting to be sent. Open the outbox.');
  });

  it('keeps the label when the sentence says something else first', () => {
    expect(titleOf(status({}))).toBe('Online · all synced. Everything you logged has reached the service. Open the outbox.');
    expect(
      titleOf(status({ online: false, network: { cause: 'offline-dns' }, outbox: { queued: 2, sending: 0, needsAttention: 0 } })),
    ).toBe(
      "Offline · 2 waiting. Offline: the service's name cannot be found (DNS). 2 entries are waiting to be sent when the service can be reached again. Open the outbox.",
    );
  });
});
