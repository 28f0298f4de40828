/** layout/components/AppMain: the page, re-mounted per path (refresh goes through /redirect), inside the error boundary. */
import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import ErrorBoundary from './ErrorBoundary.tsx';

export default function AppMain() {
  const { pathname } = useLocation();
  // another page opens at its top (an edit page left for its detail must not keep the form's scroll)
  useLayoutEffect(() => { window.scrollTo(0, 0); }, [pathname]);
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
