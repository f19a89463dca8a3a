/**
 * Language and regional formats, two settings chosen apart: the language (the words) and the region (dates, 12- or 24-hour times,
 * numbers, currency). Each defaults to the system's (the browser's in web mode). Languages are named in themselves,
 * so a user who cannot read the current one finds theirs; regions are named in the current language, with an example
 * of what they change.
 */
import { useId } from 'react';
import { createFormats } from '../../../../shared/i18n/formats';
import { LANGUAGE_NAMES, LANGUAGES, SUGGESTED_REGIONS, type Language } from '../../../../shared/i18n/locales';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { Preferences } from '../../../../shared/preferences';
import { useWording } from '../../i18n/I18n';
import { systemLanguage, systemRegion } from '../../i18n/language';

const M = defineMessages({
  title: { id: 'settings.language.title', defaultMessage: 'Language and formats' },
  language: { id: 'settings.language.label', defaultMessage: 'Language', description: 'The language of the words.' },
  region: {
    id: 'settings.region.label',
    defaultMessage: 'Dates, times and numbers',
    description: 'The region whose formats are used (dates, 12/24-hour clock, numbers, currency), chosen apart from the language.',
  },
  system: {
    id: 'settings.language.system',
    defaultMessage: 'As the system: {name}',
    description: "First option: follow the system's (or browser's) choice; {name} is what that is now.",
  },
  example: {
    id: 'settings.region.example',
    defaultMessage: 'For example: {date} · {time} · {number} hours',
    description: 'An example of the chosen formats: a date, a clock time, decimal hours.',
  },
});

/** Thursday 19 November 2026, 15:05: a day and an hour that show the order, the month's name and the clock. */
const EXAMPLE_AT = new Date(2026, 10, 19, 15, 5).getTime();

export function LanguageSettings({
  language,
  region,
  onChange,
}: {
  language: Preferences['language'];
  region: string;
  onChange: (p: Partial<Pick<Preferences, 'language' | 'region'>>) => void;
}) {
  const w = useWording();
  const id = useId();
  const names = new Intl.DisplayNames([w.formats.language === 'en-XA' ? 'en' : w.formats.language], { type: 'language' });
  const regionName = (tag: string) => {
    try {
      return names.of(tag) ?? tag;
    } catch {
      return tag;
    }
  };
  // en-XA is for tests and layout: offered only while it is the one chosen
  const languages = LANGUAGES.filter((l) => l !== 'en-XA' || language === 'en-XA');
  const regions = [
    ...SUGGESTED_REGIONS,
    ...(region !== 'system' && !(SUGGESTED_REGIONS as readonly string[]).includes(region) ? [region] : []),
  ];
  const shown = createFormats(w.formats.language, w.formats.region);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {w.say(M.title)}
      </h2>
      <div className="row">
        <label className="field grow">
          <span className="field-label">{w.say(M.language)}</span>
          <select
            className="input"
            value={language}
            onChange={(e) => onChange({ language: e.target.value as Preferences['language'] })}
            data-testid="language"
          >
            <option value="system">{w.say(M.system, { name: LANGUAGE_NAMES[systemLanguage()] })}</option>
            {languages.map((l: Language) => (
              <option key={l} value={l} lang={l === 'en-XA' ? 'en' : l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <label className="field grow">
          <span className="field-label">{w.say(M.region)}</span>
          <select className="input" value={region} onChange={(e) => onChange({ region: e.target.value })} data-testid="region">
            <option value="system">{w.say(M.system, { name: regionName(systemRegion()) })}</option>
            {regions.map((r) => (
              <option key={r} value={r}>
                {regionName(r)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="field-hint" aria-live="polite">
        {w.say(M.example, {
          date: shown.numericDate('2026-11-19'),
          time: shown.time(EXAMPLE_AT),
          number: shown.decimalHours(90),
        })}
      </p>
    </section>
  );
}
