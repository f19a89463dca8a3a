/** The window: header (status pill, account), tab navigation, the current screen, notices. */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Screen } from '../../shared/contract';
import { DataBanner } from './components/DataBanner';
import { HrPanel } from './components/HrPanel';
import { Notices } from './components/Notices';
import { OutboxPanel } from './components/OutboxPanel';
import { SettingsPanel } from './components/SettingsPanel';
import { StatusPill } from './components/StatusPill';
import { TeamPanel } from './components/TeamPanel';
import { TrackScreen } from './components/TrackScreen';
import { WeekView } from './components/WeekView';
import { SCREENS } from './store/ui';
import { useApp } from './store/useApp';

const SCREEN_VIEWS: Record<Screen, () => React.ReactNode> = {
  track: () => <TrackScreen />,
  week: () => <WeekView />,
  outbox: () => <OutboxPanel />,
  team: () => <TeamPanel />,
  hr: () => <HrPanel />,
  settings: () => <SettingsPanel />,
};

export function App() {
  const screen = useApp((s) => s.ui.screen);
  const show = useApp((s) => s.ui.show);
  const theme = useApp((s) => s.settings.prefs?.theme ?? 'system');
  const account = useApp((s) => s.settings.account);
  const attention = useApp((s) => s.status.value?.outbox.needsAttention ?? 0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  // The theme preference overrides the OS; 'system' leaves it to prefers-color-scheme (styles.css).
  useEffect(() => { document.documentElement.dataset.theme = theme; }, [theme]);

  // Tabs pattern (WAI-ARIA): arrow keys move between tabs, Home/End jump to the ends.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const last = SCREENS.length - 1;
    const to = e.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : e.key === 'ArrowLeft' ? (i === 0 ? last : i - 1)
      : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (to === null) return;
    e.preventDefault();
    show(SCREENS[to].id);
    tabs.current[to]?.focus();
  };

  const initials = (account?.user ?? '?').split(/[.@\s_-]/).filter(Boolean).slice(0, 2).map((p) => p[0]?.toUpperCase()).join('') || '?';

  return (
    <div className="app">
      <header className="app-header">
        <span className="brand"><span className="brand-mark" aria-hidden="true" />Punchcard</span>
        <StatusPill />
        <button type="button" className="avatar" onClick={() => show('settings')}
          aria-label={account ? `Account: ${account.user}${account.kind === 'sandbox' ? ' (sandbox demo)' : ''}. Open settings` : 'Account. Open settings'}
          title={account ? `${account.user}${account.kind === 'sandbox' ? ' · sandbox demo' : ''}` : 'Account'}>
          {initials}
        </button>
      </header>
      <nav className="tabs" role="tablist" aria-label="Screens">
        {SCREENS.map((s, i) => (
          <button
            key={s.id}
            ref={(el) => { tabs.current[i] = el; }}
            type="button"
            role="tab"
            id={`tab-${s.id}`}
            aria-selected={screen === s.id}
            aria-controls={`panel-${s.id}`}
            tabIndex={screen === s.id ? 0 : -1}
            className="tab"
            onClick={() => show(s.id)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {s.label}
            {s.id === 'outbox' && attention > 0 && <span className="tab-dot" aria-label={`, ${attention} need attention`}>{attention}</span>}
          </button>
        ))}
      </nav>
      <Notices />
      <main className="screen" role="tabpanel" id={`panel-${screen}`} aria-labelledby={`tab-${screen}`} tabIndex={-1}>
        <DataBanner />
        {SCREEN_VIEWS[screen]()}
      </main>
    </div>
  );
}
