// Whether the user left /dashboard for another route since the dashboard last looked. The guard
// may remount a page without any navigation, so mounts alone cannot tell a return (spec §2:
// coming back to /dashboard reloads with a forced refresh). wouter fires pushState/replaceState.
let leftDashboard = false;

const notice = () => {
  if (window.location.pathname !== '/dashboard') leftDashboard = true;
};

for (const type of ['popstate', 'pushState', 'replaceState']) window.addEventListener(type, notice);

/** True once after the user went elsewhere and came back. */
export function takeReturnToDashboard(): boolean {
  const returned = leftDashboard;
  leftDashboard = false;
  return returned;
}
