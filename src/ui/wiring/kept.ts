/**
 * What outlives a page for the life of the tab (the dashboard's actor, the profile cache, whether
 * the user left /dashboard), held by the shell under one id each instead of in module variables.
 * A page creates its entry on first use (so the shell does not load the page's services); the
 * shell stops kept actors when it stops. ShellActors.kept (shell.ts) is the one instance.
 */
export interface Kept {
  /** The entry under `id`; `create` makes it on first use, when `fresh` is true. */
  get<T>(id: string, create: () => T): { value: T; fresh: boolean };
  /** Set by startShell when the route leaves /dashboard; DashboardPage reads and clears it. */
  leftDashboard: boolean;
  /** Stops the kept actors (called by the shell's teardown). */
  stop(): void;
}

export function createKept(): Kept {
  const entries = new Map<string, { stop?: () => void }>();
  return {
    get<T>(id: string, create: () => T) {
      const fresh = !entries.has(id);
      if (fresh) entries.set(id, create() as { stop?: () => void });
      return { value: entries.get(id) as T, fresh };
    },
    leftDashboard: false,
    stop() {
      for (const value of entries.values()) value.stop?.();
      entries.clear();
    },
  };
}
