// Hands the shell's actors to every component below it.
import { createContext, type ReactNode } from 'react';
import type { InspectObserver } from '../../machines/inspect';
import { createShellActors, startShell, type ShellActors } from '../wiring/shell';

export interface Shell extends ShellActors {
  /** The Stately inspector observer in development with ?inspect, else undefined. */
  inspect: InspectObserver | undefined;
}

export const ShellContext = createContext<Shell | null>(null);

let shell: Shell | null = null;

/** The page's one shell: created and started on first use, alive for the page's lifetime. */
export function getShell(inspect?: InspectObserver): Shell {
  if (!shell) {
    const actors = createShellActors({ inspect });
    startShell(actors);
    shell = { ...actors, inspect };
  }
  return shell;
}

export function ShellProvider({ shell: value, children }: { shell: Shell; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}
