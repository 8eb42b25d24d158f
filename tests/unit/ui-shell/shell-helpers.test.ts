import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorHistoryEntry } from '../../../src/api';
import { breadcrumbFor } from '../../../src/ui/layout/breadcrumb';
import {
  NETWORK_NOTICE_KEY,
  noticeFor,
  shouldNotify,
  signInErrorText,
} from '../../../src/ui/wiring/shell';
import { direction, intendedRoute, menuCache } from '../../../src/ui/shell/storage';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

describe('breadcrumb', () => {
  it.each([
    ['/dashboard', 'Dashboard', 'Dashboard'],
    ['/user-management', 'Manajemen User', 'Manajemen User'],
    ['/create-progress-bill', 'Buat Progres Tagihan', 'Buat Progres Tagihan'],
    ['/update-progress-bill?period=2024-01', 'Update Progres Tagihan', 'Update Progres Tagihan'],
    ['/invoice-document-generator', 'Generate Tagihan Voice', 'Generate Tagihan Voice'],
    ['/profile/', 'Profile Settings', 'Profile Settings'],
    // No route title: the first path segment, capitalised.
    ['/no-such/page', 'Page Not Found', 'No Such'],
    ['/', 'Page Not Found', ''],
  ])('%s → page %s, crumb %s', (path, pageName, current) => {
    expect(breadcrumbFor(path)).toEqual({ pageName, current });
  });
});

describe('sign-in error texts (docs/product.md#messages)', () => {
  const result = (status: number, error: string) => ({ success: false, data: null, error, status });
  it.each([
    [401, 'Invalid email or password. Please try again.'],
    [403, 'Your account is pending verification. Please contact an administrator.'],
    [500, 'An unexpected error occurred. Please try again.'],
    [400, 'An unexpected error occurred. Please try again.'],
  ])('status %i → %s', (status, text) => {
    expect(signInErrorText(result(status, 'server text'))).toBe(text);
  });

  it('keeps the connectivity and throttling texts', () => {
    expect(signInErrorText(result(0, 'Network error. Please check your connection.'))).toBe(
      'Network error. Please check your connection.',
    );
    expect(signInErrorText(result(429, 'Too many sign-in attempts'))).toBe(
      'Too many sign-in attempts',
    );
  });
});

describe('API errors as notices', () => {
  const entry = (over: Partial<ErrorHistoryEntry>): ErrorHistoryEntry => ({
    id: 'err-1',
    at: '2026-01-01T00:00:00Z',
    kind: 'server',
    title: 'Server Error',
    message: 'Something went wrong on our end. Please try again later.',
    severity: 'high',
    duration: 7000,
    persistent: false,
    retryable: true,
    status: 500,
    type: 'error',
    notify: true,
    ...over,
  });

  it('shows what src/api marks for notice, except the 401 the auth machine handles', () => {
    expect(shouldNotify(entry({}))).toBe(true);
    expect(shouldNotify(entry({ notify: false }))).toBe(false);
    expect(shouldNotify(entry({ kind: 'authentication', status: 401 }))).toBe(false);
  });

  it('keeps title, message, duration and severity; one key for every network failure', () => {
    expect(noticeFor(entry({}))).toEqual({
      type: 'error',
      title: 'Server Error',
      message: 'Something went wrong on our end. Please try again later.',
      duration: 7000,
      persistent: false,
      severity: 'high',
      canRetry: true,
      errorId: 'err-1',
    });
    expect(noticeFor(entry({ kind: 'network', status: 0 })).key).toBe(NETWORK_NOTICE_KEY);
  });
});

describe('shell storage', () => {
  const g = globalThis as unknown as { sessionStorage?: Storage; localStorage?: Storage };
  beforeEach(() => {
    g.sessionStorage = new MemoryStorage();
    g.localStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete g.sessionStorage;
    delete g.localStorage;
  });

  it('remembers the intended route once, never /signin or another origin', () => {
    intendedRoute.remember('/update-progress-bill?period=2024-01');
    expect(g.sessionStorage!.getItem('intended_route')).toBe(
      '/update-progress-bill?period=2024-01',
    );
    expect(intendedRoute.take()).toBe('/update-progress-bill?period=2024-01');
    expect(intendedRoute.take()).toBeNull();
    intendedRoute.remember('/signin');
    intendedRoute.remember('//evil.example.com/x');
    expect(intendedRoute.take()).toBeNull();
    g.sessionStorage!.setItem('intended_route', 'https://evil.example.com');
    expect(intendedRoute.take()).toBeNull();
  });

  it('keeps the menus with their age and forgets them on clear', () => {
    const menu = {
      id: 1,
      name: 'Dashboard',
      path: '/dashboard',
      icon: 'fa-circle',
      order: 1,
      parentId: null,
      active: true,
    };
    menuCache.write({ userMenus: [menu], allMenus: [] }, 1_000);
    expect(menuCache.read(61_000)).toEqual({ userMenus: [menu], allMenus: [], ageMs: 60_000 });
    menuCache.clear();
    expect(menuCache.read()).toBeNull();
    g.sessionStorage!.setItem('menu_cache', '{not json');
    expect(menuCache.read()).toBeNull();
  });

  it('remembers the right-to-left choice', () => {
    expect(direction.read()).toBe('ltr');
    direction.write('rtl');
    expect(direction.read()).toBe('rtl');
    direction.write('ltr');
    expect(g.localStorage!.getItem('layout_direction')).toBeNull();
  });

  it('works without storage at all', () => {
    delete g.sessionStorage;
    expect(() => intendedRoute.remember('/dashboard')).not.toThrow();
    expect(intendedRoute.take()).toBeNull();
  });
});
