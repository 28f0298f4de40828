/** The router of this page, kept apart from the route table so layout code can follow navigations without an import cycle. */
import type { createBrowserRouter } from 'react-router';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

let current: AppRouter | null = null;
export const setRouter = (router: AppRouter) => {
  current = router;
};
export const getRouter = () => current;
