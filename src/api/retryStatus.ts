// Whether the API client is waiting to try a request again after a network failure (docs/product.md#messages:
// 3 retries, 1 s doubling). The layout shows 'Reconnecting…' meanwhile, so seven seconds of
// retries are not seven seconds of silence. The page learns it from <html data-api-retrying>
// and a window event, so the layout need not load the client (or share a module with it).
type Listener = () => void;

let waiting = 0;
const listeners = new Set<Listener>();

/** Set on <html> while retrying; RETRY_EVENT is dispatched on window at each change. */
export const RETRY_ATTRIBUTE = 'data-api-retrying';
export const RETRY_EVENT = 'api-retrying-change';

function changed(): void {
  if (typeof document !== 'undefined')
    document.documentElement.toggleAttribute(RETRY_ATTRIBUTE, waiting > 0);
  if (typeof window !== 'undefined' && typeof window.dispatchEvent === 'function')
    window.dispatchEvent(new Event(RETRY_EVENT));
  for (const listener of listeners) listener();
}

/** A request failed on the network and waits for its next try. Returns the call that ends it. */
export function beginRetrying(): () => void {
  waiting += 1;
  if (waiting === 1) changed();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    waiting -= 1;
    if (waiting === 0) changed();
  };
}

export function isRetrying(): boolean {
  return waiting > 0;
}

export function subscribeRetrying(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
