/**
 * What the user must know about their data before anything else: a data file that could not be read (what
 * it was, what it held and what became of it, where the byte-for-byte copy is), until the user says "I have seen
 * this" (a report that offers logs to log again, until the user answers the offer, even when it was acknowledged
 * elsewhere, e.g. `punch data acknowledge`); and a disk that refuses to save (full, read-only, denied), for as long as it does. Not a toast: it stays.
 */
import { FormattedMessage } from 'react-intl';
import { offerSize, type DamageReport } from '../../../shared/domain';
import { STORAGE_MESSAGES } from '../../../shared/status/storage-words';
import { defineMessages } from '../../../shared/i18n/messages';
import { useApp } from '../store/useApp';
import { showMoment } from '../format';
import { useUserZone } from '../hooks/useUserZone';
import { useWording } from '../i18n/I18n';
import { errorText } from '../i18n/said-words';
import { sayWords } from '../i18n/words';
import { damageWords } from '../../../shared/said-words';

const M = defineMessages({
  name: { id: 'data.banner.name', defaultMessage: 'Your data', description: 'Screen reader name of the banner about damaged data files.' },
  unreadable: {
    id: 'data.damage.unreadable',
    defaultMessage: '{what} could not be read{hasAt, select, yes { ({at})} other {}}.',
    description: '{what}: which data file ("the timer", "the outbox"); {at}: when it was found (a clock time).',
  },
  kept: {
    id: 'data.damage.kept',
    defaultMessage: 'The file as it was is kept, byte for byte, at {path}.',
    description: '{path}: where the copy of the damaged file is (a file path, kept as it is).',
  },
  offer: {
    id: 'data.damage.offer',
    defaultMessage: 'What it seems to hold, not recovered:',
    description: 'Before a list of time logs read from a damaged file.',
  },
  offerLog: {
    id: 'data.damage.offer.log',
    defaultMessage: '{hours} on {day}, {job}{hasDescription, select, yes { ("{description}")} other {}}',
    description: 'A time log read from a damaged file. {hours}: HH:MM; {day}: "Wed 18 Nov".',
  },
  offerEdit: {
    id: 'data.damage.offer.edit',
    defaultMessage: 'A change: {now}, where the file holds {was}',
    description:
      'A change of a log read from a damaged file: {now} the log as changed, {was} as the file holds it (each "01:15 on Wed 18 Nov, Website").',
  },
  offerDelete: {
    id: 'data.damage.offer.delete',
    defaultMessage: 'You deleted this log; the delete was not saved: {log}',
    description:
      'A log the user deleted, read from a damaged file: the delete was lost, so the log is still there. {log}: "01:15 on Wed 18 Nov, Website".',
  },
  deleteAgain: {
    id: 'data.damage.delete-again',
    defaultMessage: '{count, plural, one {Delete it} other {Delete them}}',
    description: 'Button: delete again the logs whose delete was not saved.',
  },
  keep: {
    id: 'data.damage.keep',
    defaultMessage: '{count, plural, one {Keep it} other {Keep them}}',
    description: 'Button: keep the logs whose delete was not saved, as they are.',
  },
  logAgain: {
    id: 'data.damage.log-again',
    defaultMessage: '{count, plural, one {Log it again} other {Log them again}}',
    description: 'Button: log the time logs read from the damaged file.',
  },
  discard: {
    id: 'data.damage.discard',
    defaultMessage: '{count, plural, one {Discard it} other {Discard them}}',
    description: 'Button: drop the time logs read from the damaged file.',
  },
  seen: { id: 'data.damage.seen', defaultMessage: 'I have seen this', description: 'Button: the user has read the report; it goes away.' },
});

/** An offer of deletes only (a torn delete's): its buttons say "Delete it" / "Keep it", not "Log it again" / "Discard it". */
const onlyDeletes = (r: DamageReport): boolean =>
  (r.offer?.deletes?.length ?? 0) > 0 && r.offer!.logs.length === 0 && (r.offer!.edits?.length ?? 0) === 0;

/** One empty list for every render: a selector that returned a new `[]` each time would re-render without end. */
const NONE: DamageReport[] = [];

export function DataBanner() {
  const w = useWording();
  const zone = useUserZone();
  const unseen = useApp((s) => s.status.value?.damage ?? NONE);
  const offers = useApp((s) => s.status.value?.offers ?? NONE);
  // a report the user has seen whose offer is not answered stays, with its offer, until the user answers it
  const damage = offers.length ? [...unseen, ...offers.filter((o) => !unseen.some((r) => r.id === o.id))] : unseen;
  const storage = useApp((s) => s.status.value?.storage ?? 'ok');
  const acknowledging = useApp((s) => s.status.acknowledging);
  const error = useApp((s) => (s.status.value ? s.status.error : null));
  const acknowledge = useApp((s) => s.status.acknowledgeDamage);
  const resolve = useApp((s) => s.status.resolveDamage);
  const offerDone = useApp((s) => s.status.offerDone);
  const logWords = (l: { hours: string; workDate: string; description?: string }, job: string) =>
    w.say(M.offerLog, {
      hours: l.hours,
      day: w.formats.day(l.workDate),
      job,
      hasDescription: l.description ? 'yes' : 'no',
      description: l.description ?? '',
    });
  if (damage.length === 0 && storage === 'ok')
    return offerDone ? (
      <p className="outcome small" role="status">
        {sayWords(w, offerDone)}
      </p>
    ) : null;
  return (
    <section className="data-banner stack" aria-label={w.say(M.name)} data-testid="data-banner">
      {storage !== 'ok' && (
        <div className="callout callout-error" role="alert">
          <span className="callout-icon" aria-hidden="true">
            !
          </span>
          <div className="callout-text">
            <p className="strong">{w.say(STORAGE_MESSAGES[`${storage}.short`])}</p>
            <p>{w.say(STORAGE_MESSAGES[`${storage}.long`])}</p>
          </div>
        </div>
      )}
      {damage.map((r) => (
        <div key={r.id} className="callout callout-warn" role="alert" data-testid="damage-report">
          <span className="callout-icon" aria-hidden="true">
            !
          </span>
          <div className="callout-text">
            <p className="strong">
              {capitalise(
                w.say(M.unreadable, {
                  what: damageWords(w, r).what,
                  hasAt: r.at ? 'yes' : 'no',
                  at: r.at ? showMoment(w, r.at, zone) : '',
                }),
                w.language,
              )}
            </p>
            <p>{capitalise(damageWords(w, r).reason, w.language)}.</p>
            <p>{damageWords(w, r).outcome.replace(/\.$/, '')}.</p>
            <p className="small muted">
              <FormattedMessage {...M.kept} values={{ path: <span className="mono">{r.keptAs}</span> }} />
            </p>
            {r.offer && !r.offer.resolved && (
              <div className="stack damage-offer" data-testid="damage-offer">
                <p className="strong">{w.say(M.offer)}</p>
                <ul className="plain-list">
                  {r.offer.logs.map((l, i) => (
                    <li key={i}>
                      {w.say(M.offerLog, {
                        hours: l.hours,
                        day: w.formats.day(l.workDate),
                        job: l.jobName,
                        hasDescription: l.description ? 'yes' : 'no',
                        description: l.description ?? '',
                      })}
                    </li>
                  ))}
                  {(r.offer.edits ?? []).map((e, i) => (
                    <li key={`edit-${i}`}>{w.say(M.offerEdit, { now: logWords(e, e.jobName), was: logWords(e.was, e.jobName) })}</li>
                  ))}
                  {(r.offer.deletes ?? []).map((d, i) => (
                    <li key={`delete-${i}`}>{w.say(M.offerDelete, { log: logWords(d, d.jobName) })}</li>
                  ))}
                </ul>
                <div className="row">
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    disabled={acknowledging.includes(r.id)}
                    onClick={() => void resolve(r.id, 'log-again', onlyDeletes(r) ? 'deletes' : 'logs')}
                  >
                    {w.say(onlyDeletes(r) ? M.deleteAgain : M.logAgain, { count: offerSize(r.offer) })}
                  </button>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={acknowledging.includes(r.id)}
                    onClick={() => void resolve(r.id, 'discard', onlyDeletes(r) ? 'deletes' : 'logs')}
                  >
                    {w.say(onlyDeletes(r) ? M.keep : M.discard, { count: offerSize(r.offer) })}
                  </button>
                </div>
              </div>
            )}
          </div>
          {!(r.offer && !r.offer.resolved) && (
            <button
              type="button"
              className="btn btn-small"
              disabled={acknowledging.includes(r.id)}
              onClick={() => void acknowledge([r.id])}
            >
              {w.say(M.seen)}
            </button>
          )}
        </div>
      ))}
      {offerDone && (
        <p className="outcome small" role="status">
          {sayWords(w, offerDone)}
        </p>
      )}
      {error && (
        <p className="field-error small" role="alert">
          {errorText(w, error)}
        </p>
      )}
    </section>
  );
}

/** The first letter in upper case, as the language writes it (the core's "the timer" starts a sentence here). */
const capitalise = (s: string, language: string) => (s ? s[0].toLocaleUpperCase(language === 'en-XA' ? 'en' : language) + s.slice(1) : s);
