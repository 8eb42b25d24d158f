// `?inspect` in a development build connects every shell and page actor to the Stately inspector.
import { createDevInspector, type InspectObserver } from '../../machines/inspect';

export function wantsInspector(): boolean {
  if (process.env.NODE_ENV === 'production') return false;
  return (
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect')
  );
}

export async function loadInspector(): Promise<InspectObserver | undefined> {
  try {
    return await createDevInspector();
  } catch (error) {
    console.warn('Stately inspector unavailable', error);
    return undefined;
  }
}
