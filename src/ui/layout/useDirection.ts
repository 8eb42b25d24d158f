// The right-to-left layout variant: dir="rtl" on <html>, remembered in localStorage.
import { useCallback, useSyncExternalStore } from 'react';
import { direction, type Direction } from '../shell/storage';

const listeners = new Set<() => void>();

// At start the app applies the remembered direction from ../shell/storage, which the first
// page loads anyway; this hook is for the switch in the signed-in layout.

function current(): Direction {
  return document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
}

export function useDirection(): [Direction, (dir: Direction) => void] {
  const dir = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => 'ltr' as Direction,
  );
  const set = useCallback((next: Direction) => {
    document.documentElement.dir = next;
    direction.write(next);
    for (const l of listeners) l();
  }, []);
  return [dir, set];
}
