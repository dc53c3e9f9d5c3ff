import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Called before the children are tried again (make a fresh lazy component: React keeps a failed one failed). */
  onRetry?: () => void;
  /** Shown in their place while they cannot be loaded (nothing by default). */
  fallback?: ReactNode;
}

/**
 * Shows nothing in place of children whose code could not be loaded, rather than the page's
 * error screen, and tries again when the network is back. A lazy chunk asked for offline before
 * the service worker holds the app (a first visit) fails to load: a toast shown then took the
 * whole page down.
 */
export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  private retry = () => {
    if (!this.state.failed) return;
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
