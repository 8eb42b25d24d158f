// 'Reconnecting…' while the API client waits to try a request again (docs/product.md#messages's retries), so a
// server that is away is said at once instead of after seconds of a silent spinner. The client
// (src/api/retryStatus) marks <html data-api-retrying> and fires 'api-retrying-change' on window;
// reading those instead of importing the module keeps the client's code off the sign-in page.
import { useSyncExternalStore } from 'react';
import { useCommonTexts } from './i18n';

const subscribe = (onChange: () => void) => {
  window.addEventListener('api-retrying-change', onChange);
  return () => window.removeEventListener('api-retrying-change', onChange);
};
const retrying = () => document.documentElement.hasAttribute('data-api-retrying');

export function Reconnecting() {
  const active = useSyncExternalStore(subscribe, retrying, () => false);
  const t = useCommonTexts();
  // The live region stays in the page so the text is announced when it appears.
  return (
    <p className="app-reconnecting" role="status" data-active={active ? 'true' : undefined}>
      {active && (
        <>
          <span className="app-reconnecting-dot" aria-hidden="true" />
          {t.reconnecting}
        </>
      )}
    </p>
  );
}
