import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { Navigation } from '../../services/navigation';
import { buildRoutes } from './routes';

/** Props of {@link AppRouter}. */
export interface AppRouterProps {
  /** The navigation port machines' effects use (a notification's popup action); the router serves it. */
  navigation?: Pick<Navigation, 'attach'>;
}

/**
 * The console's router (a data router, which the unsaved-changes guard needs).
 * Render it inside `ActorProvider` and an i18next provider.
 */
export function AppRouter({ navigation }: AppRouterProps) {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  // Wiring only: hands the router's navigate to the services while it exists.
  useEffect(() => navigation?.attach((to) => void router.navigate(to)), [navigation, router]);
  return <RouterProvider router={router} />;
}
