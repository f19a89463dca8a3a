/**
 * `punch config`: the preferences punch shares with the app (src/shared/preferences.ts, one schema), for now the two
 * of issue 26: the language and the region's formats. Without options it shows them; `--language` and `--region` set
 * them (`system`: follow the environment, LC_ALL/LC_MESSAGES/LANG; the app follows the system's). A value the schema
 * refuses is said by the core's input check and changes nothing.
 */
import { defineMessage, defineMessages } from '../../shared/i18n/messages';
import { LANGUAGE_NAMES, isLanguage } from '../../shared/i18n/locales';
import type { Preferences } from '../../shared/preferences';
import { textOption, type Command } from '../command';
import { str } from '../input';
import { formatPairs } from '../table';

const M = defineMessages({
  language: { id: 'cli.config.language', defaultMessage: 'Language' },
  region: { id: 'cli.config.region', defaultMessage: 'Dates, times and numbers' },
  system: { id: 'cli.config.system', defaultMessage: 'system (now: {now})', description: '{now}: what the environment chooses now.' },
  languageHelp: {
    id: 'cli.config.option.language',
    defaultMessage: 'the language of the app and of punch: system, en, de, fr, es or ar',
    description: 'Keep the codes as they are.',
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
  usage: 'config [--language system|en|de|fr|es|ar] [--region system|TAG]',
  options: {
    language: textOption('LANG', M.languageHelp),
    region: textOption('TAG', M.regionHelp),
  },
  async run(ctx) {
    const w = ctx.words;
    const core = await ctx.core();
    const language = str(ctx.values, 'language');
    const region = str(ctx.values, 'region');
    const prefs: Preferences =
      language !== undefined || region !== undefined
        ? await core.call('updatePreferences', {
            ...(language !== undefined ? { language: language as Preferences['language'] } : {}),
            ...(region !== undefined ? { region } : {}),
          })
        : await core.call('getPreferences', {});
    const named = (l: string) => (isLanguage(l) ? `${LANGUAGE_NAMES[l]} (${l})` : l);
    const text = formatPairs([
      [w.say(M.language), prefs.language === 'system' ? w.say(M.system, { now: named(w.language) }) : named(prefs.language)],
      [w.say(M.region), prefs.region === 'system' ? w.say(M.system, { now: w.formats.region }) : prefs.region],
    ]);
    return { json: { language: prefs.language, region: prefs.region }, text };
  },
};
