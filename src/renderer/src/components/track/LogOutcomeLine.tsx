/**
 * The line after a log was saved: what was logged, and where it is now. The state is read from the outbox as it is
 * pushed (store/slices/today.ts liveSync), so a log the service refuses a moment later reads "needs attention" here too,
 * never "Queued" after the fact; one sent whose answer was lost says so, not "Syncing..." (format.ts inDoubt). Each form shows only its own line (`place`): Track's "Logged ..." is not repeated in
 * the Week's open day, and a line made there does not show on Track.
 */
import type { OutboxEntry } from '../../../../shared/domain';
import { IN_DOUBT_SENTENCE, inDoubt, SYNC_SENTENCES } from '../../format';
import type { OutcomePlace } from '../../store/slices/log-form';
import { liveSync } from '../../store/slices/today';
import { useApp } from '../../store/useApp';
import { Outcome, toneOfSync } from '../Messages';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { coreText, sayWords } from '../../i18n/words';

const NO_ENTRIES: OutboxEntry[] = [];

const M = defineMessages({
  openOutbox: { id: 'track.outcome.open-outbox', defaultMessage: 'Open the outbox', description: 'Link after a log the service refused.' },
});

export function LogOutcomeLine({ place }: { place: OutcomePlace }) {
  const w = useWording();
  const outcome = useApp((s) => s.logForm.outcome);
  // the log's entries as the last push said them (store/slices/outbox.ts byLog): never the whole outbox
  const entries = useApp((s) => (outcome?.localId ? s.outbox.byLog[outcome.localId] : undefined)) ?? NO_ENTRIES;
  const show = useApp((s) => s.ui.show);
  if (!outcome || (outcome.place ?? place) !== place) return null;
  const state = outcome.localId ? liveSync({ localId: outcome.localId, sync: outcome.state }, entries) : outcome.state;
  // Why it needs attention: the entry's words as the outbox has them now, else the refusal the call brought.
  const entry =
    state === 'needs-attention' ? entries.find((e) => e.localId === outcome.localId && e.state === 'needs-attention') : undefined;
  const doubt = state === 'sending' && entries.some((e) => e.localId === outcome.localId && inDoubt(e));
  const why = state === 'needs-attention' ? (entry?.message ? coreText(w, entry) : outcome.why ? coreText(w, outcome.why) : '') : '';
  return (
    <Outcome tone={toneOfSync(state)}>
      {sayWords(w, outcome.message)} {why} {w.say(doubt ? IN_DOUBT_SENTENCE : SYNC_SENTENCES[state])}
      {state === 'needs-attention' && (
        <>
          {' '}
          <button type="button" className="link" onClick={() => show('outbox')}>
            {w.say(M.openOutbox)}
          </button>
        </>
      )}
    </Outcome>
  );
}
