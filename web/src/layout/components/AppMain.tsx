/** layout/components/AppMain: the page, re-mounted per path (refresh goes through /redirect), inside the error boundary. */
import { Outlet, useLocation } from 'react-router';
import ErrorBoundary from './ErrorBoundary.tsx';

export default function AppMain() {
  const { pathname } = useLocation();
  return (
    <section className="app-main" data-testid="app-main">
      <div className="app-main-inner" key={pathname}>
        <ErrorBoundary key={pathname}>
          <Outlet />
        </ErrorBoundary>
      </div>
    </section>
  );
}
