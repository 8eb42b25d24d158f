// 'Reconnecting…' while the API client waits to try a request again (spec §8's retries), so a
// server that is away is said at once instead of after seconds of a silent spinner.
import { useSyncExternalStore } from 'react';
import { isRetrying, subscribeRetrying } from '../../api/retryStatus';

export function Reconnecting() {
  const retrying = useSyncExternalStore(subscribeRetrying, isRetrying, () => false);
  // The live region stays in the page so the text is announced when it appears.
  return (
    <p className="app-reconnecting" role="status" data-active={retrying ? 'true' : undefined}>
      {retrying && (
        <>
          <span className="app-reconnecting-dot" aria-hidden="true" />
          Reconnecting…
        </>
      )}
    </p>
  );
}
