import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SOMETHING_WENT_WRONG } from '../../contract/model/editor-messages';
import { retryFailedLoads } from './retryable-lazy';

interface State {
  error: Error | null;
}

/** One failing part of the app says so in its place; the rest keeps working. */
export class ErrorBoundary extends Component<{ children: ReactNode; name: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="config-error">
        <p>
          {SOMETHING_WENT_WRONG}: {this.props.name} could not be shown ({this.state.error.message}).
        </p>
        <button
          type="button"
          onClick={() => {
            retryFailedLoads();
            this.setState({ error: null });
          }}
        >
          Try again
        </button>
      </div>
    );
  }
}
