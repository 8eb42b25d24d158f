import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ServiceError } from '../../../src/domain/serviceResult';
import type { Menu } from '../../../src/domain/users/menu';
import {
  MENU_CACHE_MS,
  menusMachine,
  menusStatus,
  type CachedMenus,
  type MenuLists,
} from '../../../src/machines/menus/machine';

const menu = (id: number, name: string, path: string): Menu => ({
  id,
  name,
  path,
  icon: 'fa-circle',
  order: id,
  parentId: null,
  active: true,
});
const staffMenus = [
  menu(1, 'Dashboard', '/dashboard'),
  menu(2, 'Buat Progres Tagihan', '/create-progress-bill'),
];
const allMenus = [...staffMenus, menu(4, 'Manajemen User', '/user-management')];

function start(
  options: { cached?: CachedMenus | null; failUser?: () => boolean; failAll?: boolean } = {},
) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const persisted: MenuLists[] = [];
  const machine = menusMachine.provide({
    actors: {
      fetchUserMenus: fromPromise(async () => {
        calls.push('user');
        if (options.failUser?.()) throw ServiceError.of('Failed to fetch user menus', 500);
        return staffMenus;
      }),
      fetchAllMenus: fromPromise(async () => {
        calls.push('all');
        if (options.failAll) throw ServiceError.of('Failed to fetch menus', 500);
        return allMenus;
      }),
    },
    actions: {
      persistMenus: (_, lists) => persisted.push(lists),
      clearMenuCache: () => calls.push('clear cache'),
    },
  });
  const actor = createActor(machine, { clock, input: { cached: options.cached ?? null } }).start();
  return { actor, clock, calls, persisted, status: () => menusStatus(actor.getSnapshot()) };
}

describe('menus machine', () => {
  it('fetches the user menus when there is no cache, and stores them', async () => {
    const { actor, calls, persisted, status } = start();
    expect(status()).toBe('loading');
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(actor.getSnapshot().context.userMenus).toEqual(staffMenus);
    expect(calls).toEqual(['user']);
    expect(persisted).toEqual([{ userMenus: staffMenus, allMenus: [] }]);
  });

  it('uses a fresh cache without a call, and it goes stale at the end of the 5 minutes', async () => {
    const { actor, clock, calls } = start({
      cached: { userMenus: staffMenus, allMenus: [], ageMs: MENU_CACHE_MS - 1000 },
    });
    expect(actor.getSnapshot().matches({ loaded: 'fresh' })).toBe(true);
    expect(calls).toEqual([]);
    actor.send({ type: 'menus.load' });
    expect(calls).toEqual([]);
    clock.increment(999);
    expect(actor.getSnapshot().matches({ loaded: 'fresh' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ loaded: 'stale' })).toBe(true);
    actor.send({ type: 'menus.load' });
    await waitFor(actor, (s) => s.matches({ loaded: 'fresh' }), { timeout: 1000 });
    expect(calls).toEqual(['user']);
  });

  it('ignores a cache older than 5 minutes', async () => {
    const { actor, calls } = start({
      cached: { userMenus: [], allMenus: [], ageMs: MENU_CACHE_MS },
    });
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(calls).toEqual(['user']);
    expect(actor.getSnapshot().context.userMenus).toEqual(staffMenus);
  });

  it('a freshly loaded list stays fresh for exactly 5 minutes', async () => {
    const { actor, clock } = start();
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    clock.increment(MENU_CACHE_MS - 1);
    expect(actor.getSnapshot().matches({ loaded: 'fresh' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ loaded: 'stale' })).toBe(true);
  });

  it('a failed load shows the error and Retry loads again', async () => {
    let fail = true;
    const { actor, status } = start({ failUser: () => fail });
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 1000 });
    expect(status()).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch user menus');
    fail = false;
    actor.send({ type: 'menus.retry' });
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a refresh clears the cache and fetches both lists', async () => {
    const { actor, calls, persisted } = start({
      cached: { userMenus: staffMenus, allMenus: [], ageMs: 0 },
    });
    actor.send({ type: 'menus.refresh' });
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(calls).toEqual(['clear cache', 'all', 'user']);
    expect(actor.getSnapshot().context.allMenus).toEqual(allMenus);
    expect(persisted.at(-1)).toEqual({ userMenus: staffMenus, allMenus });
  });

  it('a refresh still loads the user menus when the full list is refused', async () => {
    const { actor } = start({ failAll: true });
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    actor.send({ type: 'menus.refresh' });
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    expect(actor.getSnapshot().context.userMenus).toEqual(staffMenus);
  });

  it('a failed revalidation keeps the lists it had', async () => {
    let fail = false;
    const { actor, clock } = start({ failUser: () => fail });
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 1000 });
    clock.increment(MENU_CACHE_MS);
    fail = true;
    actor.send({ type: 'menus.load' });
    await waitFor(actor, (s) => s.matches({ loaded: 'stale' }), { timeout: 1000 });
    expect(actor.getSnapshot().context.userMenus).toEqual(staffMenus);
  });
});
