/** Preferences, the account (sandbox or the real service) and the company's time tracker rules. */
import type { OpInput } from '../../../shared/contract';
import type { AccountInfo, Preferences, TrackerSettings } from '../../../shared/domain';
import { toUserError, type UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export type PreferencesPatch = OpInput<'updatePreferences'>;

export interface SettingsSlice {
  settings: {
    prefs: Preferences | null;
    account: AccountInfo | null;
    company: TrackerSettings | null;
    error: UserError | null;
    saving: boolean;
    accountBusy: boolean;
    accountError: UserError | null;
    accountMessage: string | null;
    load(): Promise<void>;
    loadCompany(refresh?: boolean): Promise<void>;
    update(p: PreferencesPatch): Promise<boolean>;
    useSandbox(user?: string): Promise<boolean>;
    signInWithToken(input: OpInput<'signInWithToken'>): Promise<boolean>;
    signInWithOAuth(input: OpInput<'signInWithOAuth'>): Promise<boolean>;
    signOut(): Promise<boolean>;
  };
}

export const createSettingsSlice: SliceCreator<SettingsSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<SettingsSlice['settings']>) => patchSlice(set, 'settings', p);
  /** Every account change re-reads what depends on who is signed in. */
  async function changeAccount(call: () => Promise<AccountInfo>, done: (a: AccountInfo) => string): Promise<boolean> {
    patch({ accountBusy: true, accountError: null, accountMessage: null });
    try {
      const account = await call();
      patch({ account, accountBusy: false, accountMessage: done(account) });
      const s = get();
      await Promise.all([s.status.load(), s.jobs.load(true), s.week.load(), s.outbox.load(), s.settings.loadCompany(true)]);
      return true;
    } catch (e) {
      patch({ accountBusy: false, accountError: toUserError(e) });
      return false;
    }
  }
  return {
    settings: {
      prefs: null,
      account: null,
      company: null,
      error: null,
      saving: false,
      accountBusy: false,
      accountError: null,
      accountMessage: null,
      async load() {
        try {
          const [prefs, account] = await Promise.all([api.getPreferences({}), api.getAccount({})]);
          patch({ prefs, account, error: null });
        } catch (e) {
          patch({ error: toUserError(e) });
        }
      },
      async loadCompany(refresh) {
        try {
          patch({ company: await api.getCompanySettings(refresh ? { refresh: true } : {}) });
        } catch {
          // Without the company's rules the app still works; the core checks entries again before queueing them.
          patch({ company: null });
        }
      },
      async update(p) {
        patch({ saving: true, error: null });
        try {
          patch({ prefs: await api.updatePreferences(p), saving: false });
          return true;
        } catch (e) {
          patch({ saving: false, error: toUserError(e) });
          return false;
        }
      },
      useSandbox: (user) => changeAccount(() => api.useSandbox(user ? { user } : {}), () => 'Using the built-in sandbox with demo data.'),
      signInWithToken: (input) => changeAccount(() => api.signInWithToken(input), (a) => `Signed in as ${a.user}.`),
      signInWithOAuth: (input) => changeAccount(() => api.signInWithOAuth(input), (a) => `Signed in as ${a.user}.`),
      signOut: () => changeAccount(() => api.signOut({}), () => 'Signed out. Your token was removed from the keychain.'),
    },
  };
};
