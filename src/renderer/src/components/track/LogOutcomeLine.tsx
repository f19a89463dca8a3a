/**
 * The line after a log was saved: what was logged, and where it is now. The state is read from the outbox as it is
 * pushed (store/slices/today.ts liveSync), so a log the service refuses a moment later reads "needs attention" here too,
 * never "Queued" after the fact. Each form shows only its own line (`place`): Track's "Logged ..." is not repeated in
 * the Week's open day, and a line made there does not show on Track.
 */
import { SYNC_SENTENCES } from '../../format';
import type { OutcomePlace } from '../../store/slices/log-form';
import { liveSync } from '../../store/slices/today';
import { useApp } from '../../store/useApp';
import { Outcome, toneOfSync } from '../Messages';
import { entryMessage } from '../../../../shared/said-words';
import type { OutboxEntry } from '../../../../shared/domain';
import { useWording } from '../../i18n/I18n';

export function LogOutcomeLine({ place }: { place: OutcomePlace }) {
  const w = useWording();
  const entryMessageOf = (e: OutboxEntry | undefined) => (e ? entryMessage(w, e) : undefined);
  const outcome = useApp((s) => s.logForm.outcome);
  const entries = useApp((s) => s.outbox.entries);
  const show = useApp((s) => s.ui.show);
  if (!outcome || (outcome.place ?? place) !== place) return null;
  const state = outcome.localId ? liveSync({ localId: outcome.localId, sync: outcome.state }, entries) : outcome.state;
  // Why it needs attention: the entry's words as the outbox has them now, else the refusal the call brought.
  const why =
    state === 'needs-attention'
      ? (entryMessageOf(entries.find((e) => e.localId === outcome.localId && e.state === 'needs-attention')) ?? outcome.why)
      : undefined;
  return (
    <Outcome tone={toneOfSync(state)}>
      {outcome.message} {why ?? ''} {SYNC_SENTENCES[state]}
      {state === 'needs-attention' && (
        <>
          {' '}
          <button type="button" className="link" onClick={() => show('outbox')}>
            Open the outbox
          </button>
        </>
      )}
    </Outcome>
  );
}
