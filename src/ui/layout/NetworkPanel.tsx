// Development builds only: a small panel to choose the network simulator's preset (docs/product.md#limits).
// The layouts render it under process.env.NODE_ENV !== 'production', so production leaves it out.
import { useSyncExternalStore } from 'react';
import {
  currentNetworkPreset,
  isNetworkPreset,
  NETWORK_PRESET_NAMES,
  setNetworkPreset,
  subscribeNetworkPreset,
} from '../../api/networkSimulator';

export function NetworkPanel() {
  const preset = useSyncExternalStore(
    subscribeNetworkPreset,
    currentNetworkPreset,
    () => 'perfect' as const,
  );
  return (
    <aside className="app-dev-network" aria-label="Network simulator" data-preset={preset}>
      <label>
        Network (dev)
        <select
          value={preset}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isNetworkPreset(value)) setNetworkPreset(value);
          }}
        >
          {NETWORK_PRESET_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
    </aside>
  );
}
