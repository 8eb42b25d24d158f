// The app root: the shell (auth, menus, guard, notifications, connectivity, loading), the
// routes, the notification stack and the global loading overlay.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { isLoadingVisible } from '../machines/globalLoading/machine';
import { LoadingOverlay } from './components/LoadingOverlay';
import { NotificationStack } from './layout/NotificationStack';
import { AppRoutes } from './routes';
import { useShell } from './shell/hooks';
import { loadInspector, wantsInspector } from './shell/inspector';
import { RouteErrorBoundary } from './shell/RouteErrorBoundary';
import { getShell, ShellProvider, type Shell } from './shell/ShellProvider';
import { applyStoredDirection } from './shell/storage';

function GuardedRoutes() {
  const [path] = useLocation();
  return (
    <RouteErrorBoundary resetKey={path}>
      <AppRoutes />
    </RouteErrorBoundary>
  );
}

function GlobalLoadingOverlay() {
  const visible = useSelector(useShell().loading, isLoadingVisible);
  return visible ? <LoadingOverlay backdrop size="large" /> : null;
}

export function App() {
  const [shell, setShell] = useState<Shell | null>(() => {
    applyStoredDirection();
    return wantsInspector() ? null : getShell();
  });

  useEffect(() => {
    if (shell) return;
    let cancelled = false;
    void loadInspector().then((inspect) => {
      if (!cancelled) setShell(getShell(inspect));
    });
    return () => {
      cancelled = true;
    };
  }, [shell]);

  if (!shell) return <LoadingOverlay message="Connecting the inspector..." />;
  return (
    <ShellProvider shell={shell}>
      <GuardedRoutes />
      <NotificationStack />
      <GlobalLoadingOverlay />
    </ShellProvider>
  );
}
