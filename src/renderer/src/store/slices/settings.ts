/** Preferences, the account (sandbox or the real service) and the company's time tracker rules. */
import type { OpInput } from '../../../../shared/contract';
import type { AccountInfo, TrackerSettings, UpdateStatus } from '../../../../shared/domain';
import type { Preferences } from '../../../../shared/preferences';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, type SliceCreator } from '../types';
import { defineMessages, type MessageDescriptor, type MessageValues } from '../../../../shared/i18n/messages';

/** What an account change says (the store keeps the message and its values; Settings words them). */
const SAID = defineMessages({
  sandbox: { id: 'settings.account.done.sandbox', defaultMessage: 'Using the built-in sandbox with demo data.' },
  signedIn: { id: 'settings.account.done.signed-in', defaultMessage: 'Signed in as {user}.', description: '{user}: email or employee id.' },
  signedOut: { id: 'settings.account.done.signed-out', defaultMessage: 'Signed out. Your token was removed from the keychain.' },
});

/** A message with its values, kept in the store and worded by the component that shows it (docs/i18n.md). */
export interface StoredWords {
  message: MessageDescriptor;
  values?: MessageValues;
}

export type PreferencesPatch = OpInput<'updatePreferences'>;

export interface SettingsSlice {
  settings: {
    prefs: Preferences | null;
    account: AccountInfo | null;
    company: TrackerSettings | null;
    /** The line about updates under "Keep Punchcard up to date" (null until read, or when it could not be). */
    updates: UpdateStatus | null;
    error: UserError | null;
    saving: boolean;
    accountBusy: boolean;
    accountError: UserError | null;
    accountMessage: StoredWords | null;
    load(): Promise<void>;
    loadCompany(refresh?: boolean): Promise<void>;
    /** Asked by the Settings screen when it opens and after the update setting changes (not part of load()). */
    loadUpdates(): Promise<void>;
    update(p: PreferencesPatch): Promise<boolean>;
    useSandbox(user?: string): Promise<boolean>;
    signInWithToken(input: OpInput<'signInWithToken'>): Promise<boolean>;
    signInWithOAuth(input: OpInput<'signInWithOAuth'>): Promise<boolean>;
    signOut(): Promise<boolean>;
  };
}

export const createSettingsSlice: SliceCreator<SettingsSlice> =
  ({ api }) =>
  (set, get) => {
    const patch = (p: Partial<SettingsSlice['settings']>) => patchSlice(set, 'settings', p);
    const run = actionRunner(patch);
    /** Every account change re-reads what depends on who is signed in. */
    async function changeAccount(call: () => Promise<AccountInfo>, said: (a: AccountInfo) => StoredWords): Promise<boolean> {
      const answer = await run(
        {
          busy: 'accountBusy',
          error: 'accountError',
          start: { accountMessage: null },
          done: (account) => ({ account, accountMessage: said(account) }),
        },
        call,
      );
      if (!answer.ok) return false;
      const s = get();
      await Promise.all([s.status.load(), s.jobs.load(true), s.week.load(), s.outbox.load(), s.settings.loadCompany(true)]);
      return true;
    }
    return {
      settings: {
        prefs: null,
        account: null,
        company: null,
        updates: null,
        error: null,
        saving: false,
        accountBusy: false,
        accountError: null,
        accountMessage: null,
        async load() {
          await run({ error: 'error', done: ([prefs, account]) => ({ prefs, account }) }, () =>
            Promise.all([api.getPreferences({}), api.getAccount({})]),
          );
        },
        async loadCompany(refresh) {
          // Without the company's rules the app still works; the core checks every log again before queueing it.
          await run({ done: (company) => ({ company }), failed: () => ({ company: null }) }, () =>
            api.getCompanySettings(refresh ? { refresh: true } : {}),
          );
        },
        async loadUpdates() {
          await run({ done: (status) => ({ updates: status }), failed: () => ({ updates: null }) }, () => api.getUpdateStatus({}));
        },
        async update(p) {
          // Shown at once: a second change made before the first is saved (two selects changed in a row) builds on the
          // first instead of on the value before it, so both stick. The core's answer then replaces it; a refused
          // change reads back what is stored.
          const before = get().settings.prefs;
          if (before) patch({ prefs: { ...before, ...p } });
          const answer = await run({ busy: 'saving', error: 'error', done: (prefs) => ({ prefs }) }, () => api.updatePreferences(p));
          if (!answer.ok && before) await run({ done: (prefs) => ({ prefs }) }, () => api.getPreferences({}));
          if (answer.ok && p.autoUpdate !== undefined) await get().settings.loadUpdates();
          return answer.ok;
        },
        useSandbox: (user) =>
          changeAccount(
            () => api.useSandbox(user ? { user } : {}),
            () => ({ message: SAID.sandbox }),
          ),
        signInWithToken: (input) =>
          changeAccount(
            () => api.signInWithToken(input),
            (a) => ({ message: SAID.signedIn, values: { user: a.user } }),
          ),
        signInWithOAuth: (input) =>
          changeAccount(
            () => api.signInWithOAuth(input),
            (a) => ({ message: SAID.signedIn, values: { user: a.user } }),
          ),
        signOut: () =>
          changeAccount(
            () => api.signOut({}),
            () => ({ message: SAID.signedOut }),
          ),
      },
    };
  };
