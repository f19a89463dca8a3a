/** The window: header (status pill, account), tab navigation, the current screen, notices. */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DataBanner } from './components/DataBanner';
import { Notices } from './components/Notices';
import { StatusPill } from './components/StatusPill';
import { TimerBar } from './components/timer/TimerBar';
import { TimerQuestions } from './components/timer/TimerQuestions';
import { ScreenHost } from './screens';
import { screenAllowed } from './store/slices/roles';
import { SCREENS } from './store/slices/ui';
import { appStore, useApp } from './store/useApp';
import { useMounted } from './hooks/useMounted';
import { useTabsSettled } from './hooks/useTabsSettled';
import { useTabChoice } from './hooks/useTabChoice';
import { useWrappedTabs } from './hooks/useWrappedTabs';
import { keyPlatform, shortcutFor } from './shortcuts';
import { api, webSession } from './bridge';
import { SessionGate } from './components/SessionGate';
import { loadEverything } from './store';
import type { SessionState } from './web-session';
import { defineMessages } from '../../shared/i18n/messages';
import { useWording } from './i18n/I18n';

const M = defineMessages({
  accountTitle: {
    id: 'header.account.title',
    defaultMessage: 'Account',
    description: 'Tooltip of the account button before the account is known.',
  },
  sandboxTitle: {
    id: 'header.account.title-sandbox',
    defaultMessage: '{user} · sandbox demo',
    description: 'Tooltip of the account button: {user} is the email or id; the built-in demo service is used.',
  },
  accountOpen: {
    id: 'header.account.open',
    defaultMessage: 'Account. Open settings',
    description: 'Screen reader name of the account button.',
  },
  accountOpenUser: {
    id: 'header.account.open-user',
    defaultMessage: '{sandbox, select, yes {Account: {user} (sandbox demo). Open settings} other {Account: {user}. Open settings}}',
    description: 'Screen reader name of the account button; {user} is the email or id.',
  },
  screens: { id: 'header.tabs', defaultMessage: 'Screens', description: 'Screen reader name of the tab bar.' },
  attention: {
    id: 'header.tabs.attention',
    defaultMessage: ', {count, plural, one {# needs attention} other {# need attention}}',
    description: "Screen reader words after the Outbox tab's name: entries that need attention.",
  },
});

export function App() {
  const w = useWording();
  const screen = useApp((s) => s.ui.screen);
  const show = useApp((s) => s.ui.show);
  const theme = useApp((s) => s.settings.prefs?.theme ?? 'system');
  const account = useApp((s) => s.settings.account);
  const attention = useApp((s) => s.status.value?.outbox.needsAttention ?? 0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const main = useRef<HTMLElement>(null);
  const strip = useRef<HTMLElement>(null);
  const ready = useMounted();

  // Every tab opens at its top, not where the last one was scrolled to.
  useEffect(() => {
    main.current?.scrollTo({ top: 0 });
  }, [screen]);

  // Back to the window (a tray click, another app closed): the screen reads what it shows again, so a manager's
  // decision or a log made on the phone shows; the core asks the service only when its copy is older than a minute.
  const regainedFocus = useApp((s) => s.ui.regainedFocus);
  useEffect(() => {
    const back = () => {
      if (document.visibilityState === 'visible') void regainedFocus();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [regainedFocus]);

  // Team and HR only for those who may use them (store/slices/roles.ts); hidden until the core knows.
  const approver = useApp((s) => s.roles.approver);
  const hr = useApp((s) => s.roles.hr);
  const shown = SCREENS.filter((s) => screenAllowed(s.id, { approver, hr }));
  // ...and the strip's tabs shown once they are known, so none moves under the pointer when Team and HR join
  const settled = useTabsSettled();
  // tabs too wide for one line are set in two even rows of columns (hooks/useWrappedTabs.ts)
  useWrappedTabs(strip, shown.map((s) => s.id).join());
  // The chosen tab stays in view: in a long language the strip of tabs scrolls sideways at the tray's width, and Team
  // and HR arrive once the roles are known, pushing the tabs after them along.
  useEffect(() => {
    document.getElementById(`tab-${screen}`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [screen, shown.length]);

  // A tab chosen by its key or by the tray (the shell's `navigate`) is shown and takes the focus as a click would give
  // it; a key pressed while the strip waits for the roles is read once they are known (hooks/useTabChoice.ts).
  const tabChoice = useTabChoice(settled);
  useEffect(() => api.on('navigate', (nav) => tabChoice.choose(nav.screen)), [tabChoice]);

  // The app's keys (shortcuts.ts), on every tab; not while a dialog asks something (its answer comes first).
  useEffect(() => {
    const platform = keyPlatform();
    const onKey = (e: globalThis.KeyboardEvent) => {
      const action = shortcutFor(e, platform);
      if (!action || e.defaultPrevented || document.querySelector('dialog[open]') || (webSession && webSession.state() !== 'ok')) return;
      e.preventDefault();
      const state = appStore.getState();
      if (action.kind === 'tab') {
        tabChoice.key(action.index, e.target);
      } else if (action.kind === 'log') {
        state.ui.ask('log');
      } else if (state.timer.view?.running) {
        void state.timer.stop().then((r) => {
          if (r?.needsConfirm) appStore.getState().ui.show('track');
        });
      } else {
        state.ui.ask('start');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tabChoice]);

  // Web mode: a tab that lost its server (stopped, restarted) is covered until it has a session again, then reads
  // everything afresh (web-session.ts, components/SessionGate.tsx).
  const [session, setSession] = useState<{ state: SessionState; hadToken: boolean }>({ state: 'ok', hadToken: true });
  useEffect(() => {
    if (!webSession) return;
    const stop = webSession.onChange((state, had) => {
      setSession({ state, hadToken: had.token });
      if (state === 'ok') void loadEverything(appStore);
    });
    // The session may have been refused before this first effect: the event stream opens (and is refused) while
    // boot.tsx still waits for the language's messages, and onChange only tells of later changes. Without catching
    // up here the window stays usable-looking, every screen repeating the refusal, and the gate never shows.
    // (Not in useState's first value: the window is hydrated from HTML built without the gate.)
    if (webSession.state() !== 'ok') setSession({ state: webSession.state(), hadToken: webSession.token() !== '' });
    return stop;
  }, []);
  const usable = ready && session.state === 'ok';

  // The theme preference overrides the OS; 'system' leaves it to prefers-color-scheme (styles.css).
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // Tabs pattern (WAI-ARIA): arrow keys move between tabs, Home/End jump to the ends.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const last = shown.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? i === last
          ? 0
          : i + 1
        : e.key === 'ArrowLeft'
          ? i === 0
            ? last
            : i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    show(shown[to].id);
    tabs.current[to]?.focus();
  };

  const initials =
    (account?.user ?? '?')
      .split(/[.@\s_-]/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join('') || '?';

  return (
    // Closed to input on the first render, open from the second (useMounted). The screen built into index.html leaves
    // this out (prerender.tsx): its early-input layer keeps what is pressed there until the script is in charge and
    // the app reads what was typed (first-screen/early-input.ts, take-over.ts).
    <>
      <div className="app" inert={!usable} aria-disabled={usable ? undefined : true}>
        <header className="app-header">
          <span className="brand">
            <span className="brand-mark" aria-hidden="true" />
            Punchcard
          </span>
          <StatusPill />
          <button
            type="button"
            className="avatar"
            onClick={() => show('settings')}
            title={
              account ? (account.kind === 'sandbox' ? w.say(M.sandboxTitle, { user: account.user }) : account.user) : w.say(M.accountTitle)
            }
          >
            {/* Named by its content, not aria-label: the initials it shows are not words a name can contain (WCAG 2.5.3). */}
            <span aria-hidden="true">{initials}</span>
            <span className="sr-only">
              {account
                ? w.say(M.accountOpenUser, { user: account.user, sandbox: account.kind === 'sandbox' ? 'yes' : 'no' })
                : w.say(M.accountOpen)}
            </span>
          </button>
        </header>
        <nav ref={strip} className="tabs" role="tablist" aria-label={w.say(M.screens)} data-waiting={settled ? undefined : ''}>
          {shown.map((s, i) => (
            <button
              key={s.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${s.id}`}
              aria-selected={screen === s.id}
              aria-controls={`panel-${s.id}`}
              tabIndex={screen === s.id ? 0 : -1}
              className={s.id === 'outbox' ? 'tab tab-counted' : 'tab'}
              onClick={() => show(s.id)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {w.say(s.label)}
              {/* in the corner the Outbox tab keeps for it (styles.css `.tab-counted`): no tab moves when it comes */}
              {s.id === 'outbox' && attention > 0 && (
                <span className="tab-dot" aria-label={w.say(M.attention, { count: attention })}>
                  {attention}
                </span>
              )}
            </button>
          ))}
        </nav>
        {screen !== 'track' && <TimerBar />}
        <Notices />
        <main ref={main} className="screen" role="tabpanel" id={`panel-${screen}`} aria-labelledby={`tab-${screen}`} tabIndex={-1}>
          <DataBanner />
          <ScreenHost screen={screen} />
        </main>
        {/* The timer's questions, asked whatever tab is open (a chunk of their own: TimerQuestions.tsx). */}
        <TimerQuestions />
      </div>
      {session.state !== 'ok' && <SessionGate state={session.state} hadToken={session.hadToken} />}
    </>
  );
}
