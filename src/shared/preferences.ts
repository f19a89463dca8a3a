/**
 * The preferences' shape, written once. The stored file (src/core/preferences.ts: each stored preference is read
 * with its field's schema here), the bridge's `updatePreferences` input (src/shared/contract/operations.ts: the patch below) and
 * the renderer's settings (the contract's input type) all derive from `PREFERENCES`; the TypeScript type is inferred.
 * Each field's `.describe()` is what it must be, in the user's words: the damaged-file report says it
 * ("idleThresholdMinutes is not whole minutes from 1 to 240 (its default applies)").
 *
 * Built on first use (`once`, ../shared/lazy/once.ts), not at load: about 80 schemas that a `punch` command reading
 * no preferences file (and no `updatePreferences`) never needs (docs/benchmarks.md "punch status, third pass").
 */
import { z } from 'zod';
import { once } from './lazy/once';
import { ROUNDING_STEPS, type SuspendAction, type Theme } from './domain';
import { isZone } from './time/zone';
import { LANGUAGES, regionTag } from './i18n/locales';

const THEMES = ['system', 'light', 'dark'] as const satisfies readonly Theme[];
const ON_SUSPEND = ['keep', 'stop', 'ask'] as const satisfies readonly SuspendAction[];
const yesOrNo = () => z.boolean().describe('yes or no');

export const PREFERENCES = once(() =>
  z.object({
    rounding: z
      .object({
        mode: z.enum(['nearest', 'up', 'down']),
        stepMinutes: z.literal(ROUNDING_STEPS),
      })
      .strict()
      .describe(`a rounding mode (nearest, up, down) and a step of ${ROUNDING_STEPS.join(', ')} minutes`),
    // the bounds before .int(): a value past the safe integers is then refused with the field's own "240 or less"
    idleThresholdMinutes: z.number().min(1).max(240).int().describe('whole minutes from 1 to 240'),
    shortcut: z.string().min(1).max(60).describe('a key combination'),
    startAtLogin: yesOrNo(),
    notifications: yesOrNo(),
    /** Check for updates daily, download them in the background, install on quit (installed desktop app only). */
    autoUpdate: yesOrNo(),
    theme: z.enum(THEMES).describe('system, light or dark'),
    onSuspend: z.enum(ON_SUSPEND).describe('keep, stop or ask'),
    /**
     * When the user's working day ends (`HH:MM`): a timer still running past it is asked about before it is logged
     * (src/core/timer/timer-attention.ts), and reminders read it too.
     */
    endOfDay: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .describe('a time of day like 18:00'),
    /**
     * Catch a timer left running past the end of day or over midnight when the app opens or wakes, and in `punch status`
     * (src/core/timer/forgotten.ts); its stop asks either way.
     */
    catchForgottenTimer: yesOrNo(),
    /** The morning reminder (src/core/week/morning.ts): on or off, and when (`HH:MM`) on a working day with nothing logged. */
    morningReminder: yesOrNo(),
    morningReminderAt: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .describe('a time of day like 10:00'),
    /** The zone a new timer counts its days in (`system`: this computer's zone when the timer starts). */
    timeZone: z
      .string()
      .max(64)
      .refine((v) => v === 'system' || isZone(v))
      .describe('"system" or a time zone name like Europe/Berlin'),
    /** The words' language; 'system': the system's (Electron), the browser's (web mode), LC_ALL/LC_MESSAGES/LANG (punch). */
    language: z.enum(['system', ...LANGUAGES]).describe(`system or one of ${LANGUAGES.join(', ')}`),
    /** The region's formats (dates, 12/24-hour times, numbers, currency), chosen apart from the language (docs/i18n.md). */
    region: z
      .string()
      .max(40)
      .refine((v) => v === 'system' || regionTag(v) !== undefined)
      .describe('system or a region such as de-DE, en-US or ar-EG'),
    favouriteJobIds: z.array(z.string()).describe('a list of job ids'),
    recentJobIds: z.array(z.string()).describe('a list of job ids'),
  }),
);

/** User preferences (stored in the `preferences` store; never secrets). */
export type Preferences = z.infer<ReturnType<typeof PREFERENCES>>;

/**
 * What Settings may change through the bridge: any of the preferences but the job lists (those change through
 * toggleFavouriteJob and logging), each optional; an unknown key is refused.
 */
export const PREFERENCES_PATCH = once(() => PREFERENCES().omit({ favouriteJobIds: true, recentJobIds: true }).partial().strict());
