/**
 * The zone every time of day on screen is read in: the one the user counts their days in (Settings' "Count my days
 * in", the preference `timeZone`), else this computer's. The same zone decides "today" (store/types.ts), so a time
 * and the day it is said to fall on never disagree.
 */
import { userZone } from '../../../shared/time/zone';
import { useApp } from '../store/useApp';

export function useUserZone(): string {
  return useApp((s) => userZone(s.settings.prefs?.timeZone));
}
