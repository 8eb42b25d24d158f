// Whether the API client is waiting to try a request again after a network failure (spec §8:
// 3 retries, 1 s doubling). The layout shows 'Reconnecting…' meanwhile, so seven seconds of
// retries are not seven seconds of silence. No dependencies: the sign-in page can read it
// without loading the client.
type Listener = () => void;

let waiting = 0;
const listeners = new Set<Listener>();

function changed(): void {
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
