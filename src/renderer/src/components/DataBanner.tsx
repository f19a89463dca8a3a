/**
 * What the user must know about their data before anything else: a data file that could not be read (what
 * it was, what it held and what became of it, where the byte-for-byte copy is), until the user says "I have seen
 * this"; and a disk that refuses to save (full, read-only, denied), for as long as it does. Not a toast: it stays.
 */
import type { DamageReport } from '../../../shared/domain';
import { STORAGE_WORDS } from '../store/slices/status';
import { useApp } from '../store/useApp';
import { showDate, showTime } from '../format';
import { damageWords } from '../../../shared/said-words';
import { useWording } from '../i18n/I18n';

/** One empty list for every render: a selector that returned a new `[]` each time would re-render without end. */
const NONE: DamageReport[] = [];

export function DataBanner() {
  const w = useWording();
  const damage = useApp((s) => s.status.value?.damage ?? NONE);
  const storage = useApp((s) => s.status.value?.storage ?? 'ok');
  const acknowledging = useApp((s) => s.status.acknowledging);
  const error = useApp((s) => (s.status.value ? s.status.error : null));
  const acknowledge = useApp((s) => s.status.acknowledgeDamage);
  const resolve = useApp((s) => s.status.resolveDamage);
  const offerDone = useApp((s) => s.status.offerDone);
  if (damage.length === 0 && storage === 'ok')
    return offerDone ? (
      <p className="outcome small" role="status">
        {offerDone}
      </p>
    ) : null;
  return (
    <section className="data-banner stack" aria-label="Your data" data-testid="data-banner">
      {storage !== 'ok' && (
        <div className="callout callout-error" role="alert">
          <span className="callout-icon" aria-hidden="true">
            !
          </span>
          <div className="callout-text">
            <p className="strong">{STORAGE_WORDS[storage].short}</p>
            <p>{STORAGE_WORDS[storage].long}</p>
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
              {capitalise(damageWords(w, r).what)} could not be read{r.at ? ` (${showTime(r.at)})` : ''}.
            </p>
            <p>{capitalise(damageWords(w, r).reason)}.</p>
            <p>{damageWords(w, r).outcome.replace(/\.$/, '')}.</p>
            <p className="small muted">
              The file as it was is kept, byte for byte, at <span className="mono">{r.keptAs}</span>.
            </p>
            {r.offer && !r.offer.resolved && (
              <div className="stack damage-offer" data-testid="damage-offer">
                <p className="strong">What it seems to hold, not recovered:</p>
                <ul className="plain-list">
                  {r.offer.logs.map((l, i) => (
                    <li key={i}>
                      {l.hours} on {showDate(l.workDate)}, {l.jobName}
                      {l.description ? ` ("${l.description}")` : ''}
                    </li>
                  ))}
                </ul>
                <div className="row">
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    disabled={acknowledging.includes(r.id)}
                    onClick={() => void resolve(r.id, 'log-again')}
                  >
                    Log {r.offer.logs.length === 1 ? 'it' : 'them'} again
                  </button>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={acknowledging.includes(r.id)}
                    onClick={() => void resolve(r.id, 'discard')}
                  >
                    Discard {r.offer.logs.length === 1 ? 'it' : 'them'}
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
              I have seen this
            </button>
          )}
        </div>
      ))}
      {offerDone && (
        <p className="outcome small" role="status">
          {offerDone}
        </p>
      )}
      {error && (
        <p className="field-error small" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}

const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
