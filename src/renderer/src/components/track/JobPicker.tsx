/**
 * Type-ahead job picker (ARIA 1.2 combobox with a listbox popup). Favourites and recent jobs come first, so
 * ArrowDown + Enter picks the job used last. Works offline: the list is the core's cached job list.
 *
 * Keys, as in Toggl Track and Clockify: Enter and Tab CHOOSE the highlighted job, nothing more (Tab then moves on);
 * neither starts a timer nor logs, so a keyboard user can pick a job without side effects. Enter on a job already
 * chosen (the list closed) hands over to the form (`onConfirm`: the Track form moves to Hours). Starting is the
 * form's own key (Ctrl+Enter) or its button.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Job } from '../../../../shared/domain';
import { rankJobs } from '../../store/rankJobs';
import { useApp } from '../../store/useApp';
import { useWording } from '../../i18n/I18n';
import { errorText } from '../../i18n/said-words';
import { LOG_WORDS } from '../../log-words';
import { JOB_PICKER_WORDS as M } from './track-words';

interface Props {
  value: Job | null;
  onChange: (job: Job | null) => void;
  /** Enter on the chosen job with the list closed (never on a suggestion: that only chooses it). */
  onConfirm?: (job: Job) => void;
  label?: string;
  autoFocus?: boolean;
  /** Shown under the input (e.g. a rule violation for the job). */
  hint?: string;
  invalid?: boolean;
  /**
   * Logging by hand: with no job list at all (first start offline), offer the typed name as the job. The service
   * takes a job by name (spec 4.2 addtimelog `jobName`); a wrong name comes back as "needs attention" in the outbox.
   */
  allowTypedName?: boolean;
}

/** A job known only by the name the user typed (no id until the service matches the name). */
function typedJob(name: string): Job {
  return { jobId: '', jobName: name, projectName: '', clientName: '', jobStatus: 'in-progress', jobBillableStatus: 'Billable' };
}

const MAX_SHOWN = 60;

export function JobPicker({ value, onChange, onConfirm, label: labelGiven, autoFocus, hint, invalid, allowTypedName }: Props) {
  const w = useWording();
  const label = labelGiven ?? w.say(LOG_WORDS.job);
  const jobs = useApp((s) => s.jobs.list);
  const loaded = useApp((s) => s.jobs.loaded);
  const error = useApp((s) => s.jobs.error);
  const includeCompleted = useApp((s) => s.jobs.includeCompleted);
  const favourites = useApp(useShallow((s) => s.settings.prefs?.favouriteJobIds ?? []));
  const recent = useApp(useShallow((s) => s.settings.prefs?.recentJobIds ?? []));
  const actions = useApp(
    useShallow((s) => ({ load: s.jobs.load, setIncludeCompleted: s.jobs.setIncludeCompleted, toggleFavourite: s.jobs.toggleFavourite })),
  );

  const [query, setQuery] = useState(value?.jobName ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The user typed or moved through the list since it opened: Tab then takes the highlighted job. A list opened by a
  // click and left by Tab chooses nothing (the first job is highlighted, but nobody pointed at it).
  const [pointed, setPointed] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;

  // The chosen job changed from outside (e.g. a form reset): show its name. Not when the user's own typing let go
  // of the chosen job: that used to wipe what was typed, so "sup" typed over a chosen job left "" (or, key by key,
  // "up") in the field.
  const letGoByTyping = useRef(false);
  useEffect(() => {
    if (!value && letGoByTyping.current) {
      letGoByTyping.current = false;
      return;
    }
    setQuery(value?.jobName ?? '');
  }, [value?.jobId]);

  // While a job is chosen the input shows its name; filtering by that name would hide every other job.
  const filter = value && query === value.jobName ? '' : query;
  const noList = jobs.length === 0 && !!error;
  const ranked = useMemo(() => {
    if (allowTypedName && noList && filter.trim()) return [{ job: typedJob(filter.trim()), favourite: false, recent: false }];
    return rankJobs(jobs, filter, favourites, recent).slice(0, MAX_SHOWN);
  }, [jobs, filter, favourites, recent, allowTypedName, noList]);
  const activeIndex = Math.min(active, ranked.length - 1);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, open]);

  const choose = (job: Job) => {
    onChange(job);
    setQuery(job.jobName);
    setOpen(false);
    setPointed(false);
  };
  const highlighted = open ? ranked[activeIndex]?.job : undefined;

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const modified = e.ctrlKey || e.metaKey || e.altKey;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setPointed(true);
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : ranked.length - 1);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + ranked.length) % Math.max(ranked.length, 1));
    } else if (e.key === 'Enter' && !modified) {
      // never the form's submit: Enter here only chooses (or, on a job already chosen, moves on)
      e.preventDefault();
      if (highlighted) choose(highlighted);
      else if (!open && value) onConfirm?.(value);
    } else if (e.key === 'Enter' && highlighted) {
      // Ctrl+Enter (the form's start key) on a suggestion: chosen first, then the form acts on it (same event)
      choose(highlighted);
    } else if (e.key === 'Tab' && highlighted && (pointed || filter.trim() !== '')) {
      // chosen, and Tab goes on to the next field as usual (no preventDefault)
      choose(highlighted);
    } else if (e.key === 'Escape') {
      // Escape closes the list first; only a second Escape reaches an enclosing dialog.
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      }
    } else if (e.key === 'Home' && open) {
      setActive(0);
    } else if (e.key === 'End' && open) {
      setActive(ranked.length - 1);
    }
  };

  const optionId = (i: number) => `${id}-opt-${i}`;
  const isFavourite = value ? favourites.includes(value.jobId) : false;
  const describedBy = [hint ? hintId : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="picker">
      <div className="picker-label-row">
        <label className="field-label" htmlFor={`${id}-input`}>
          {label}
        </label>
        <label className="check check-small">
          <input type="checkbox" checked={includeCompleted} onChange={(e) => void actions.setIncludeCompleted(e.target.checked)} />
          {w.say(M.showCompleted)}
        </label>
      </div>
      <div className="picker-row">
        <input
          id={`${id}-input`}
          className={`input picker-input${invalid ? ' input-invalid' : ''}`}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && ranked[activeIndex] ? optionId(activeIndex) : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={w.say(M.placeholder, { state: loaded ? 'loaded' : noList ? (allowTypedName ? 'typeName' : 'noList') : 'loading' })}
          autoFocus={autoFocus}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
            setPointed(true);
            if (value) {
              letGoByTyping.current = true;
              onChange(null);
            }
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen((o) => !o)}
          onBlur={() => setOpen(false)}
        />
        <button
          type="button"
          className={`icon-btn star${isFavourite ? ' star-on' : ''}`}
          aria-pressed={isFavourite}
          disabled={!value}
          aria-label={w.say(M.favourite, { chosen: value ? 'yes' : 'no', job: value?.jobName ?? '' })}
          title={w.say(M.favouriteTitle, { state: value ? (isFavourite ? 'on' : 'off') : 'none' })}
          onClick={() => value && void actions.toggleFavourite(value.jobId)}
        >
          <span aria-hidden="true">{isFavourite ? '\u2605' : '\u2606'}</span>
        </button>
      </div>
      <ul id={listId} ref={listRef} role="listbox" aria-label={w.say(M.suggestions, { label })} className="picker-list" hidden={!open}>
        {open &&
          ranked.map((r, i) => (
            <li
              key={r.job.jobId}
              id={optionId(i)}
              data-index={i}
              role="option"
              aria-selected={i === activeIndex}
              className={`picker-option${i === activeIndex ? ' active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(r.job)}
            >
              <span className="option-main">
                <span className="option-name" translate="no">
                  {r.job.jobName}
                </span>
                {r.job.jobId ? (
                  <span className="option-meta" translate="no">{`${r.job.projectName} · ${r.job.clientName}`}</span>
                ) : (
                  <span className="option-meta">{w.say(M.typed)}</span>
                )}
              </span>
              {r.job.jobStatus === 'completed' && <span className="tag">{w.say(M.completed)}</span>}
              {r.recent && !r.favourite && <span className="tag tag-quiet">{w.say(M.recent)}</span>}
              {r.job.jobId && (
                <button
                  type="button"
                  tabIndex={-1}
                  className={`icon-btn star${r.favourite ? ' star-on' : ''}`}
                  aria-label={w.say(M.toggleFavourite, { favourite: r.favourite ? 'yes' : 'no', job: r.job.jobName })}
                  onClick={(e) => {
                    e.stopPropagation();
                    void actions.toggleFavourite(r.job.jobId);
                  }}
                >
                  <span aria-hidden="true">{r.favourite ? '\u2605' : '\u2606'}</span>
                </button>
              )}
            </li>
          ))}
        {open && ranked.length === 0 && (
          <li className="picker-empty" role="option" aria-selected={false} aria-disabled="true">
            {w.say(M.empty, {
              state: noList ? (allowTypedName ? 'typeName' : 'noList') : !loaded ? 'loading' : jobs.length === 0 ? 'noJobs' : 'noMatch',
              query,
            })}
          </li>
        )}
      </ul>
      {hint && (
        <p id={hintId} className={`field-hint${invalid ? ' field-error' : ''}`}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-err`} className="field-hint field-error">
          {errorText(w, error)}{' '}
          <button type="button" className="link" onClick={() => void actions.load(true)}>
            {w.say(M.reload)}
          </button>
        </p>
      )}
    </div>
  );
}
