/** Component errors go to the error log (spec §8; REFERENCE-shell §4.6 React port). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { logError } from '../../utils/errorLog.ts';

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
      <Result
        status="error"
        title="页面出错了"
        subTitle={this.state.error.message}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            重试
          </Button>
        }
      />
    );
  }
}
