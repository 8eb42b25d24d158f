import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ServiceError } from '../../../src/domain/serviceResult';
import {
  parseUserQuery,
  userListMachine,
  userQueryString,
  type FetchUsersInput,
  type FetchUsersOutput,
  type ListedUserRow,
  type RunActionInput,
  type RunActionOutput,
  type UserFilters,
} from '../../../src/machines/userList/machine';

const budi: ListedUserRow = {
  id: 7,
  name: 'Budi',
  username: 'budi',
  email: 'budi@example.com',
  role: 'staff',
  isVerified: false,
};
const admin: ListedUserRow = {
  id: 1,
  name: 'Administrator',
  username: 'admin',
  email: 'admin@example.com',
  role: 'admin',
  isVerified: true,
};

/** A call the server refused: the actor rejects with a ServiceError (the wiring's contract). */
const refused = (error: string, status: number) => (): never => {
  throw new ServiceError({ success: false, data: null, error, status });
};

function listOf(
  users: ListedUserRow[],
  total = users.length,
  page = 1,
  limit = 10,
): FetchUsersOutput {
  return {
    success: true,
    data: { users, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } },
    error: null,
    status: 200,
  };
}

function start(
  options: {
    filters?: Partial<UserFilters>;
    answer?: (input: FetchUsersInput) => FetchUsersOutput;
    act?: (input: RunActionInput) => RunActionOutput;
  } = {},
) {
  const clock = new SimulatedClock();
  const fetched: FetchUsersInput[] = [];
  const ran: RunActionInput[] = [];
  const urls: string[] = [];
  const machine = userListMachine.provide({
    actors: {
      fetchUsers: fromPromise(async ({ input }: { input: FetchUsersInput }) => {
        fetched.push(input);
        return (options.answer ?? (() => listOf([admin, budi])))(input);
      }),
      runAction: fromPromise(async ({ input }: { input: RunActionInput }) => {
        ran.push(input);
        return (
          options.act ??
          (() => ({
            success: true,
            data: null,
            error: null,
            status: 200,
            message: 'User verified successfully',
          }))
        )(input);
      }),
    },
    actions: { syncUrl: (_, filters) => urls.push(userQueryString(filters)) },
  });
  const actor = createActor(machine, { clock, input: { filters: options.filters } }).start();
  const ready = () =>
    waitFor(actor, (s) => s.matches({ list: 'ready' }) || s.matches({ list: 'failed' }), {
      timeout: 1000,
    });
  return { clock, actor, fetched, ran, urls, ready };
}

describe('user list filters in the URL', () => {
  it('reads and writes the query string, dropping bad values and defaults', () => {
    expect(parseUserQuery('?q=budi&role=STAFF&verified=false&page=2&limit=25')).toEqual({
      search: 'budi',
      role: 'staff',
      verified: 'false',
      page: 2,
      limit: 25,
    });
    expect(parseUserQuery('role=root&verified=maybe&page=-1&limit=7')).toEqual({
      search: '',
      role: '',
      verified: '',
      page: 1,
      limit: 10,
    });
    expect(
      userQueryString({ search: 'a b', role: 'admin', verified: 'true', page: 3, limit: 50 }),
    ).toBe('q=a+b&role=admin&verified=true&page=3&limit=50');
    expect(userQueryString(parseUserQuery(''))).toBe('');
  });
});

describe('user list machine', () => {
  it('loads the list with the filters it was started with (a reload of a shared link)', async () => {
    const { actor, fetched, ready } = start({
      filters: parseUserQuery('q=budi&role=staff&verified=false&page=1&limit=25'),
    });
    await ready();
    expect(fetched[0]).toEqual({
      search: 'budi',
      role: 'staff',
      isVerified: false,
      page: 1,
      limit: 25,
    });
    expect(actor.getSnapshot().context.users.map((u) => u.email)).toEqual([
      'admin@example.com',
      'budi@example.com',
    ]);
  });

  it('searches 500 ms after the last keystroke, once, back on page 1, and writes the URL', async () => {
    const { actor, clock, fetched, urls, ready } = start({ filters: { page: 2 } });
    await ready();
    actor.send({ type: 'users.searchTyped', text: 'bu' });
    clock.increment(300);
    actor.send({ type: 'users.searchTyped', text: 'budi ' });
    clock.increment(499);
    expect(fetched).toHaveLength(1);
    clock.increment(1);
    await ready();
    expect(fetched).toHaveLength(2);
    expect(fetched[1]).toMatchObject({ search: 'budi', page: 1 });
    expect(urls).toEqual(['q=budi']);
  });

  it('does not reload when the debounced text is what is already searched', async () => {
    const { actor, clock, fetched, ready } = start({ filters: { search: 'budi' } });
    await ready();
    actor.send({ type: 'users.searchTyped', text: 'bud' });
    actor.send({ type: 'users.searchTyped', text: 'budi' });
    clock.increment(500);
    expect(fetched).toHaveLength(1);
  });

  it('filters by role and verification at once and pages with sizes 5..100 only', async () => {
    const { actor, fetched, urls, ready } = start();
    await ready();
    actor.send({ type: 'users.roleFilter', role: 'staff' });
    await ready();
    actor.send({ type: 'users.verifiedFilter', verified: 'true' });
    await ready();
    actor.send({ type: 'users.pageSize', limit: 7 });
    actor.send({ type: 'users.pageSize', limit: 25 });
    await ready();
    actor.send({ type: 'users.page', page: 2 });
    await ready();
    expect(fetched.slice(1)).toEqual([
      { role: 'staff', page: 1, limit: 10 },
      { role: 'staff', isVerified: true, page: 1, limit: 10 },
      { role: 'staff', isVerified: true, page: 1, limit: 25 },
      { role: 'staff', isVerified: true, page: 2, limit: 25 },
    ]);
    expect(urls.at(-1)).toBe('role=staff&verified=true&page=2&limit=25');
  });

  it('follows a URL change (back/forward) without writing it again', async () => {
    const { actor, fetched, urls, ready } = start();
    await ready();
    actor.send({ type: 'users.urlChanged', filters: parseUserQuery('role=admin') });
    await ready();
    actor.send({ type: 'users.urlChanged', filters: parseUserQuery('role=admin') });
    expect(fetched).toHaveLength(2);
    expect(fetched[1]).toMatchObject({ role: 'admin' });
    expect(urls).toEqual([]);
    expect(actor.getSnapshot().context.filters.role).toBe('admin');
  });

  it('goes back to the last page when the page ran past the end', async () => {
    const { fetched, urls, ready, actor } = start({
      filters: { page: 3 },
      answer: (input) => (input.page === 3 ? listOf([], 12, 3) : listOf([budi], 12, 2)),
    });
    await waitFor(actor, (s) => s.context.users.length === 1, { timeout: 1000 });
    await ready();
    expect(fetched.map((f) => f.page)).toEqual([3, 2]);
    expect(urls).toEqual(['page=2']);
  });

  it('shows the load error', async () => {
    const { actor, ready } = start({ answer: refused('Failed to fetch users', 500) });
    await ready();
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.loadError).toBe('Failed to fetch users');
  });

  it('verifies with notes after confirmation, shows the banner for 5 s and reloads', async () => {
    const { actor, clock, ran, fetched, ready } = start();
    await ready();
    actor.send({ type: 'users.verify', user: budi });
    expect(actor.getSnapshot().matches({ action: 'confirming' })).toBe(true);
    actor.send({ type: 'action.notes', notes: '  checked by phone ' });
    actor.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => s.matches({ action: 'idle' }), { timeout: 1000 });
    await ready();
    expect(ran).toEqual([{ kind: 'verify', id: 7, notes: 'checked by phone' }]);
    expect(fetched).toHaveLength(2);
    expect(actor.getSnapshot().context.banner).toEqual({
      type: 'success',
      text: 'User verified successfully',
    });
    clock.increment(4999);
    expect(actor.getSnapshot().context.banner).not.toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().context.banner).toBeNull();
  });

  it('cancelling a delete runs nothing', async () => {
    const { actor, ran, ready } = start();
    await ready();
    actor.send({ type: 'users.delete', user: budi });
    actor.send({ type: 'action.cancel' });
    expect(actor.getSnapshot().matches({ action: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.action).toBeNull();
    expect(ran).toEqual([]);
  });

  it("shows the server's reason when the last administrator cannot be deleted", async () => {
    const reason = 'Cannot remove the last verified administrator';
    const { actor, ready } = start({ act: refused(reason, 409) });
    await ready();
    actor.send({ type: 'users.delete', user: admin });
    actor.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => s.context.banner !== null, { timeout: 1000 });
    expect(actor.getSnapshot().context.banner).toEqual({ type: 'error', text: reason });
  });

  it('a saved user from the modal shows a banner (replacing an older one, timer restarted) and reloads', async () => {
    const { actor, clock, fetched, ready } = start();
    await ready();
    actor.send({ type: 'users.saved', message: 'User created successfully' });
    clock.increment(3000);
    actor.send({ type: 'users.saved', message: 'User updated successfully' });
    clock.increment(3000);
    expect(actor.getSnapshot().context.banner?.text).toBe('User updated successfully');
    clock.increment(2000);
    expect(actor.getSnapshot().context.banner).toBeNull();
    await ready();
    expect(fetched.length).toBeGreaterThanOrEqual(2);
  });
});
