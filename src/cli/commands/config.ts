/**
 * `punch config`: the preferences punch shares with the app (src/shared/preferences.ts, one schema): the language and
 * the region's formats, and the end of the working day and the zone of the timer's days (a timer
 * still running past the end of day is asked about before it is logged). Without options it shows them; `--language`,
 * `--region`, `--end-of-day` and `--time-zone` set them (`system`: follow the environment, LC_ALL/LC_MESSAGES/LANG,
 * or this computer's zone). A value the schema refuses is said by the core's input check and changes nothing.
 */
import { defineMessage, defineMessages } from '../../shared/i18n/messages';
import { LANGUAGE_NAMES, isLanguage } from '../../shared/i18n/locales';
import type { Preferences } from '../../shared/preferences';
import { textOption, type Command } from '../command';
import { str } from '../input';
import { UsageError } from '../failure';
import type { Wording } from '../../shared/i18n/messages';
import { formatPairs } from '../table';
import { systemZone } from '../../shared/time/zone';

const M = defineMessages({
  language: { id: 'cli.config.language', defaultMessage: 'Language' },
  region: { id: 'cli.config.region', defaultMessage: 'Dates, times and numbers' },
  system: { id: 'cli.config.system', defaultMessage: 'system (now: {now})', description: '{now}: what the environment chooses now.' },
  languageHelp: {
    id: 'cli.config.option.language',
    defaultMessage: 'the language of the app and of punch: system, en, de, fr, es or ar',
    description: 'Keep the codes as they are.',
  },
  endOfDay: { id: 'cli.config.end-of-day', defaultMessage: 'End of my working day' },
  zone: {
    id: 'cli.config.time-zone',
    defaultMessage: 'Count my days in',
    description: "A setting's name: the zone whose calendar days are the user's (today, this week, the timer's days).",
  },
  zoneSystem: {
    id: 'cli.config.time-zone.system',
    defaultMessage: "this computer's zone (now: {zone})",
    description: '{zone}: a time zone name such as Europe/Berlin, kept as it is.',
  },
  endOfDayHelp: {
    id: 'cli.config.option.end-of-day',
    defaultMessage: 'when your working day ends (HH:MM): a timer still running past it is asked about before it is logged',
  },
  zoneHelp: {
    id: 'cli.config.option.time-zone',
    defaultMessage: "the zone your days are counted in (today, this week, the timer's days): system, or a name such as Europe/Berlin",
    description: 'Keep "system" and the zone name as they are.',
  },
  forgotten: { id: 'cli.config.catch-forgotten-timer', defaultMessage: 'A timer left running' },
  forgottenState: {
    id: 'cli.config.catch-forgotten-timer.state',
    defaultMessage: '{on, select, yes {said by punch status and when the app opens (on)} other {asked about only at its stop (off)}}',
  },
  forgottenHelp: {
    id: 'cli.config.option.catch-forgotten-timer',
    defaultMessage: 'on or off: a timer left running past your end of day or over midnight is said by punch status and when the app opens',
    description: 'Keep "on" and "off" as they are.',
  },
  morning: { id: 'cli.config.morning-reminder', defaultMessage: 'Morning reminder' },
  morningState: {
    id: 'cli.config.morning-reminder.state',
    defaultMessage: '{on, select, yes {at {time} on working days with nothing logged} other {off}}',
    description: '{time}: a clock time (10:00 AM, 10:00).',
  },
  morningHelp: {
    id: 'cli.config.option.morning-reminder',
    defaultMessage: 'HH:MM, on or off: a reminder on working days when nothing is logged or running by then (default 10:00)',
    description: 'Keep HH:MM, "on" and "off" as they are.',
  },
  onOff: {
    id: 'cli.config.on-off',
    defaultMessage: '--{option} takes on or off (got "{value}"). Nothing was changed.',
    description: 'Refusal. Keep "on" and "off" as they are.',
  },
  regionHelp: {
    id: 'cli.config.option.region',
    defaultMessage: 'the region whose formats are used (dates, 12/24-hour clock, numbers): system, or a tag such as de-DE or en-US',
    description: 'Keep "system" and the tags as they are.',
  },
});

export const configCommand: Command = {
  name: 'config',
  summary: defineMessage({
    id: 'cli.config.summary',
    defaultMessage: 'show or set the language and the regional formats, shared with the app',
  }),
  usage:
    'config [--language system|en|de|fr|es|ar] [--region system|TAG] [--end-of-day HH:MM] [--time-zone system|ZONE] [--catch-forgotten-timer on|off] [--morning-reminder HH:MM|on|off]',
  options: {
    language: textOption('LANG', M.languageHelp),
    region: textOption('TAG', M.regionHelp),
    'end-of-day': textOption('HH:MM', M.endOfDayHelp),
    'time-zone': textOption('ZONE', M.zoneHelp),
    'catch-forgotten-timer': textOption('on|off', M.forgottenHelp),
    'morning-reminder': textOption('HH:MM|on|off', M.morningHelp),
  },
  async run(ctx) {
    const w = ctx.words;
    const core = await ctx.core();
    const language = str(ctx.values, 'language');
    const region = str(ctx.values, 'region');
    const endOfDay = str(ctx.values, 'end-of-day');
    const timeZone = str(ctx.values, 'time-zone');
    const forgotten = onOff(ctx.values, 'catch-forgotten-timer', w);
    const morningAt = str(ctx.values, 'morning-reminder');
    const morning =
      morningAt !== undefined && /^\d{1,2}:\d{2}$/.test(morningAt.trim()) ? undefined : onOff(ctx.values, 'morning-reminder', w);
    const patch = {
      ...(language !== undefined ? { language: language as Preferences['language'] } : {}),
      ...(region !== undefined ? { region } : {}),
      ...(endOfDay !== undefined ? { endOfDay } : {}),
      ...(timeZone !== undefined ? { timeZone } : {}),
      ...(forgotten !== undefined ? { catchForgottenTimer: forgotten } : {}),
      ...(morning !== undefined ? { morningReminder: morning } : {}),
      // a time turns it on at that time (the core's input check refuses one that is not a time of day)
      ...(morningAt !== undefined && morning === undefined
        ? { morningReminder: true, morningReminderAt: morningAt.trim().padStart(5, '0') }
        : {}),
    };
    const prefs: Preferences =
      Object.keys(patch).length > 0 ? await core.call('updatePreferences', patch) : await core.call('getPreferences', {});
    const named = (l: string) => (isLanguage(l) ? `${LANGUAGE_NAMES[l]} (${l})` : l);
    const text = formatPairs([
      [w.say(M.language), prefs.language === 'system' ? w.say(M.system, { now: named(w.language) }) : named(prefs.language)],
      [w.say(M.region), prefs.region === 'system' ? w.say(M.system, { now: w.formats.region }) : prefs.region],
      // times of day on the region's clock (6:00 PM in a 12-hour one); --json keeps HH:MM, the form --end-of-day takes
      [w.say(M.endOfDay), w.formats.clockTime(prefs.endOfDay)],
      [w.say(M.zone), prefs.timeZone === 'system' ? w.say(M.zoneSystem, { zone: systemZone() }) : prefs.timeZone],
      [w.say(M.forgotten), w.say(M.forgottenState, { on: prefs.catchForgottenTimer ? 'yes' : 'no' })],
      [
        w.say(M.morning),
        w.say(M.morningState, { on: prefs.morningReminder ? 'yes' : 'no', time: w.formats.clockTime(prefs.morningReminderAt) }),
      ],
    ]);
    const json = {
      language: prefs.language,
      region: prefs.region,
      endOfDay: prefs.endOfDay,
      timeZone: prefs.timeZone,
      catchForgottenTimer: prefs.catchForgottenTimer,
      morningReminder: prefs.morningReminder ? prefs.morningReminderAt : 'off',
    };
    return { json, text };
  },
};

/** `on` / `off` (also yes/no, true/false): undefined when not given; anything else is refused and changes nothing. */
function onOff(values: Record<string, unknown>, option: string, w: Wording): boolean | undefined {
  const v = str(values, option);
  if (v === undefined) return undefined;
  const said = v.trim().toLowerCase();
  if (['on', 'yes', 'true'].includes(said)) return true;
  if (['off', 'no', 'false'].includes(said)) return false;
  throw new UsageError(w.say(M.onOff, { option, value: v }));
}
