import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createLogger } from '../../lib/telemetry/logger';
import { ErrorScreen } from './error-screen';

const log = createLogger('render');

interface Props {
  /** When this changes (the next route change), a shown error is cleared. */
  resetKey: string;
  /** Called once the error screen is up. */
  onError?: () => void;
  children: ReactNode;
}

interface State {
  /** The resetKey the error was shown at; undefined while the page renders normally. */
  failedAt?: string;
}

/** Spec §4 error boundary: normal → error on a render failure → normal again on route change. */
export class RenderErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(): State {
    return { failedAt: '' };
  }

  /**
   * The reset happens in the render of the new route, not in a setState after it: that render
   * comes from a deferred location, so the next page may suspend while its code loads. A reset
   * by setState in componentDidUpdate is a synchronous update, and a page that suspends there
   * fails again (React error 426) and keeps "Uh oh!" on screen.
   */
  static getDerivedStateFromProps(props: Props, state: State): State | null {
    return state.failedAt !== undefined && state.failedAt !== '' && state.failedAt !== props.resetKey ? { failedAt: undefined } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // To error reporting (with the component stack) and browser logging, spec §7.
    log.error('page failed to render', { error, componentStack: info.componentStack ?? undefined });
    this.setState({ failedAt: this.props.resetKey });
    this.props.onError?.();
  }

  override render(): ReactNode {
    return this.state.failedAt === undefined ? this.props.children : <ErrorScreen />;
  }
}
