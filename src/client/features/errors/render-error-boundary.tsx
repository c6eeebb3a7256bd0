import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createLogger } from '../../lib/telemetry/logger';
import { ErrorScreen } from './error-screen';

const log = createLogger('render');

interface Props {
  /** When this changes (the next route change), a shown error is cleared. */
  resetKey: string;
  children: ReactNode;
}

/** Spec §4 error boundary: normal → error on a render failure → normal again on route change. */
export class RenderErrorBoundary extends Component<Props, { failedAt?: string }> {
  override state: { failedAt?: string } = {};

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: '' };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // To error reporting (with the component stack) and browser logging, spec §7.
    log.error('page failed to render', { error, componentStack: info.componentStack ?? undefined });
    this.setState({ failedAt: this.props.resetKey });
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failedAt !== undefined && previous.resetKey !== this.props.resetKey) {
      this.setState({ failedAt: undefined });
    }
  }

  override render(): ReactNode {
    return this.state.failedAt === undefined ? this.props.children : <ErrorScreen />;
  }
}
