import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from "react";
import { reportError } from "../../telemetry/error-reporting";

// Loaded only when something has failed.
const FallbackScreen = lazy(() => import("./FallbackScreen"));

interface State {
  error: Error | null;
  componentStack: string;
}

/** Around every route: a render failure is reported and shows the fallback screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null, componentStack: "" };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? "" });
    reportError(error, { source: "error-boundary" }, { componentStack: info.componentStack ?? "" });
  }

  componentDidUpdate(previous: { resetKey?: string }): void {
    // Navigating elsewhere clears the failure.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null, componentStack: "" });
  }

  render() {
    if (this.state.error) {
      return (
        <Suspense fallback={null}>
          <FallbackScreen error={this.state.error} componentStack={this.state.componentStack} />
        </Suspense>
      );
    }
    return this.props.children;
  }
}
