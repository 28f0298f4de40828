/** Component errors go to the error log (vue-element-admin's errorLog, ported to React). */
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../../utils/errorLog.ts';

/** antd's Result carries its illustrations: loaded only when a page has failed */
const ErrorResult = lazy(() => import('./ErrorResult.tsx'));

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/** the innermost component named in React's component stack */
function componentOf(info: ErrorInfo): string {
  const line = (info.componentStack ?? '').split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  const m = /^at (\S+)/.exec(line) ?? /^(\S+)@/.exec(line);
  return m?.[1] ?? (line || 'unknown');
}

export default class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(error, `${componentOf(info)} error in render`);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <ErrorResult message={this.state.error.message} onRetry={() => this.setState({ error: null })} />
      </Suspense>
    );
  }
}
