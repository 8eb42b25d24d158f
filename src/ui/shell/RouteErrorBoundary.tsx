// Keeps the shell alive when a page throws or its lazy chunk cannot be fetched (offline, server
// restarted with a new build): the rest of the app stays, the page area offers a reload.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '../components/Alert';
import { useTranslate } from '../layout/i18n';

interface Props {
  children: ReactNode;
  /** Changes when the user navigates, so another page gets a fresh chance. */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

function isChunkError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
    error.message,
  );
}

/** What the page area shows instead of a failed page, in the language on screen. */
function PageError({ chunk }: { chunk: boolean }) {
  const tr = useTranslate();
  return (
    <section className="app-status-page" aria-labelledby="page-error-title">
      <h1 id="page-error-title">{tr('Something went wrong')}</h1>
      <Alert type="error">
        {tr(
          chunk
            ? 'This page could not be loaded. Please check your connection and try again.'
            : 'This page stopped working because of an unexpected error.',
        )}
      </Alert>
      <button type="button" onClick={() => window.location.reload()}>
        {tr('Reload')}
      </button>
    </section>
  );
}

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <PageError chunk={isChunkError(error)} />;
  }
}
