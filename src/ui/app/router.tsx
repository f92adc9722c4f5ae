import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { buildRoutes } from './routes';

/**
 * The console's router (a data router, which the unsaved-changes guard needs).
 * Render it inside `ActorProvider` and an i18next provider.
 */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return <RouterProvider router={router} />;
}
