import { describe, expect, test } from 'vitest';
import { chromiumPath, DEFAULT_CHROMIUM_PATH } from '../../e2e/support/chromium';

// The browser tests and the benches launch the Chromium CHROMIUM_PATH names, /usr/bin/chromium
// when it is unset, so a machine with Chromium elsewhere runs them without editing code.
describe('CHROMIUM_PATH', () => {
  test('unset or blank: the Debian package path', () => {
    expect(DEFAULT_CHROMIUM_PATH).toBe('/usr/bin/chromium');
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ CHROMIUM_PATH: '  ' })).toBe('/usr/bin/chromium');
  });

  test('set: that executable', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome/chrome' })).toBe('/opt/chrome/chrome');
  });
});
