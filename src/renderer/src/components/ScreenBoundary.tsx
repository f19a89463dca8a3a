/**
 * Around each screen (../screens.tsx): a screen that fails while it is drawn shows a short message with "Try again"
 * in its place, instead of React taking the whole window down with it (a blank window, the tabs gone). The header,
 * the tabs and the other screens go on working; the error goes to the console, which the app's log keeps. A screen
 * whose code failed to arrive is asked for again on Try again (`onRetry`: ../screens.tsx makes its lazy part anew).
 */
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import type { Screen } from '../../../shared/contract';
import { defineMessages } from '../../../shared/i18n/messages';
import { useWording } from '../i18n/I18n';

const M = defineMessages({
  failed: {
    id: 'app.screen-failed',
    defaultMessage: 'This screen could not be shown. Try again, or open another tab. If it keeps happening, restart Punchcard.',
    description: 'In place of a tab whose screen failed to show; the other tabs still work.',
  },
  retry: {
    id: 'app.screen-failed.retry',
    defaultMessage: 'Try again',
    description: 'Button: draw the screen that failed once more.',
  },
});

function ScreenFailed({ onRetry }: { onRetry: () => void }) {
  const w = useWording();
  return (
    <div className="callout callout-error" role="alert" data-testid="screen-failed">
      <span className="callout-icon" aria-hidden="true">
        !
      </span>
      <div className="callout-text">
        <p>{w.say(M.failed)}</p>
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {w.say(M.retry)}
        </button>
      </div>
    </div>
  );
}

interface Props {
  /** The screen inside (said in the console with the error). */
  screen: Screen;
  /** Before the screen is drawn again on Try again: its code, if that is what failed to load, is asked for anew. */
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * `tries`: the screen is drawn afresh (a new instance, its own state reset) each time the user asks to try again.
 * Another tab clears a failure (`shownFor`): the boundary stays mounted across tabs rather than being keyed by the
 * screen, so that while a tab's code loads React keeps the screen left in place, hidden, as it does with no boundary
 * (test/e2e/keys-focus.spec.ts: the focus handed to a tab chosen meanwhile depends on it).
 */
interface State {
  failed: boolean;
  tries: number;
  shownFor: Screen;
}

export class ScreenBoundary extends Component<Props, State> {
  override state: State = { failed: false, tries: 0, shownFor: this.props.screen };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.screen === state.shownFor ? null : { shownFor: props.screen, failed: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`The ${this.props.screen} screen failed to show`, error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState((s) => ({ failed: false, tries: s.tries + 1 }));
  };

  override render(): ReactNode {
    if (this.state.failed) return <ScreenFailed onRetry={this.retry} />;
    return <Fragment key={this.state.tries}>{this.props.children}</Fragment>;
  }
}
