import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import {
  profileMachine,
  type FetchActivityOutput,
  type ImageFile,
  type ProfileCache,
  type ProfileData,
  type ProfileFormValues,
  type UpdateProfileOutput,
} from '../../../src/machines/profile/machine';
import { ServiceError, type ServiceResult } from '../../../src/domain/serviceResult';

const me: ProfileData = {
  id: 1,
  name: 'Administrator',
  email: 'admin@example.com',
  role: 'admin',
  isVerified: true,
  createdAt: '2024-01-05T00:00:00Z',
};
const okAnswer = <T>(data: T, message?: string): ServiceResult<T> => ({
  success: true,
  data,
  error: null,
  status: 200,
  ...(message ? { message } : {}),
});
/** A call the server refused: the actor rejects with a ServiceError (the wiring's contract). */
const refused = (error: string, status: number, field?: string) => (): never => {
  throw new ServiceError({
    success: false,
    data: null,
    error,
    status,
    ...(field ? { field } : {}),
  });
};

interface Options {
  cache?: ProfileCache | null;
  profile?: () => ProfileData;
  update?: (form: ProfileFormValues) => UpdateProfileOutput;
  upload?: () => ServiceResult<unknown>;
}

function start(options: Options = {}) {
  const clock = new SimulatedClock();
  const calls = {
    profile: 0,
    activity: [] as number[],
    updates: [] as ProfileFormValues[],
    uploads: [] as string[],
    logoutAll: 0,
  };
  const log = { profileChanged: 0, signOut: 0, caches: [] as (ProfileCache | null)[] };
  const activity: FetchActivityOutput = okAnswer({
    activities: [
      {
        id: 1,
        action: 'login',
        description: 'Signed in',
        ipAddress: '127.0.0.1',
        userAgent: 'test',
        createdAt: '2024-01-05T00:00:00Z',
      },
    ],
    pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
  });
  const machine = profileMachine.provide({
    actors: {
      fetchProfile: fromPromise(async () => (calls.profile++, (options.profile ?? (() => me))())),
      updateProfile: fromPromise(async ({ input }: { input: ProfileFormValues }) => {
        calls.updates.push(input);
        return (
          options.update ?? ((f) => okAnswer({ ...me, ...f }, 'Profile updated successfully'))
        )(input);
      }),
      fetchImage: fromPromise<string | null, void>(async () => null),
      readImage: fromPromise(
        async ({ input }: { input: ImageFile }) => `data:${input.type};base64,AAAA`,
      ),
      uploadImage: fromPromise(async ({ input }: { input: string }) => {
        calls.uploads.push(input);
        return (options.upload ?? (() => okAnswer(null, 'Profile image updated successfully')))();
      }),
      fetchActivity: fromPromise(
        async ({ input }: { input: { page: number; limit: number } }) => (
          calls.activity.push(input.page),
          activity
        ),
      ),
      logoutAll: fromPromise(async () => (calls.logoutAll++, okAnswer<unknown>(null))),
    },
    actions: {
      profileChanged: () => void log.profileChanged++,
      signOut: () => void log.signOut++,
      cacheChanged: (_, cache) => void log.caches.push(cache),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { cache: options.cache ?? null, now: () => clock.now() },
  }).start();
  const loaded = () => waitFor(actor, (s) => !s.matches({ profile: 'loading' }), { timeout: 1000 });
  const idle = () =>
    waitFor(actor, (s) => s.matches({ profile: { ready: 'idle' } }), { timeout: 1000 });
  return { clock, actor, calls, log, loaded, idle };
}

describe('profile machine', () => {
  it('loads the profile, fills the form and keeps it in the cache', async () => {
    const { actor, loaded, log } = start();
    await loaded();
    expect(actor.getSnapshot().context.form).toEqual({
      name: 'Administrator',
      email: 'admin@example.com',
    });
    expect(log.caches).toEqual([{ profile: me, at: 0 }]);
  });

  it('uses a cache younger than 60 s, fetches when it is older', async () => {
    // The simulated clock starts at 0: a cache read 59.999 s ago is fresh, one read 60 s ago is not.
    const { actor, calls } = start({ cache: { profile: { ...me, name: 'Cached' }, at: -59_999 } });
    expect(actor.getSnapshot().matches({ profile: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.form.name).toBe('Cached');
    expect(calls.profile).toBe(0);
    const stale = start({ cache: { profile: { ...me, name: 'Cached' }, at: -60_000 } });
    await stale.loaded();
    expect(stale.calls.profile).toBe(1);
    expect(stale.actor.getSnapshot().context.form.name).toBe('Administrator');
  });

  it('Refresh fetches even with a fresh cache', async () => {
    const { actor, calls, loaded } = start({ cache: { profile: me, at: 0 } });
    actor.send({ type: 'profile.refresh' });
    await loaded();
    expect(calls.profile).toBe(1);
  });

  it("says 'No changes detected…' (for 5 s) instead of saving an unchanged profile", async () => {
    const { actor, clock, calls, loaded } = start();
    await loaded();
    actor.send({ type: 'profile.change', field: 'name', value: ' Administrator ' });
    actor.send({ type: 'profile.save' });
    expect(calls.updates).toEqual([]);
    expect(actor.getSnapshot().context.message).toEqual({
      type: 'info',
      text: 'No changes detected. Please modify your profile information.',
    });
    clock.increment(5000);
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('validates name (≥ 2 after trimming) and email', async () => {
    const { actor, calls, loaded } = start();
    await loaded();
    actor.send({ type: 'profile.change', field: 'name', value: ' A ' });
    actor.send({ type: 'profile.change', field: 'email', value: 'bad' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
    });
    expect(calls.updates).toEqual([]);
  });

  it('saves: cache replaced, top bar told, activity reloaded', async () => {
    const { actor, calls, log, loaded, idle, clock } = start();
    await loaded();
    clock.increment(10_000);
    actor.send({ type: 'profile.change', field: 'name', value: 'Admin Baru ' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.context.message !== null, { timeout: 1000 });
    await idle();
    expect(calls.updates).toEqual([{ name: 'Admin Baru', email: 'admin@example.com' }]);
    expect(actor.getSnapshot().context.message).toEqual({
      type: 'success',
      text: 'Profile updated successfully',
    });
    expect(log.caches.at(-1)).toEqual({ profile: { ...me, name: 'Admin Baru' }, at: 10_000 });
    expect(log.profileChanged).toBe(1);
    await waitFor(actor, (s) => s.matches({ activity: 'ready' }), { timeout: 1000 });
    expect(calls.activity).toEqual([1, 1]);
  });

  it('shows the 409 text on the email field and as a message', async () => {
    const text = 'Email address is already in use by another account.';
    const { actor, loaded } = start({ update: refused(text, 409, 'email') });
    await loaded();
    actor.send({ type: 'profile.change', field: 'email', value: 'taken@example.com' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.context.message !== null, { timeout: 1000 });
    expect(actor.getSnapshot().context.errors).toEqual({ email: text });
    expect(actor.getSnapshot().context.message).toEqual({ type: 'error', text });
  });

  it('puts a refusal that names the email field under it, whatever its status', async () => {
    const text = 'Invalid profile data: email';
    const { actor, loaded } = start({ update: refused(text, 400, 'email') });
    await loaded();
    actor.send({ type: 'profile.change', field: 'email', value: 'odd@example.com' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.context.message !== null, { timeout: 1000 });
    expect(actor.getSnapshot().context.errors).toEqual({ email: text });
  });

  it('an unexpected failure while saving shows the fallback text and blames no field', async () => {
    const { actor, loaded } = start({
      update: () => {
        throw new TypeError('x is undefined');
      },
    });
    await loaded();
    actor.send({ type: 'profile.change', field: 'email', value: 'new@example.com' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.context.message !== null, { timeout: 1000 });
    expect(actor.getSnapshot().context.message).toEqual({
      type: 'error',
      text: 'Failed to update profile',
    });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('a 401 while loading shows the load error and signs out 2 s later', async () => {
    const { actor, clock, log, loaded } = start({ profile: refused('x', 401) });
    await loaded();
    expect(actor.getSnapshot().context.loadError).toBe('Failed to load profile. Please try again.');
    clock.increment(1999);
    expect(log.signOut).toBe(0);
    clock.increment(1);
    expect(log.signOut).toBe(1);
  });

  it('another load failure offers Refresh and does not sign out', async () => {
    let fail = true;
    const { actor, clock, log, loaded } = start({
      profile: () => (fail ? refused('x', 500)() : me),
    });
    await loaded();
    expect(actor.getSnapshot().matches({ profile: 'failed' })).toBe(true);
    clock.increment(10_000);
    expect(log.signOut).toBe(0);
    fail = false;
    actor.send({ type: 'profile.refresh' });
    await loaded();
    expect(actor.getSnapshot().matches({ profile: 'ready' })).toBe(true);
  });

  it('refuses an SVG and a 6 MB image with the docs/product.md#input-rules message, without reading them', async () => {
    const { actor, loaded } = start();
    await loaded();
    const message =
      'Invalid file. Please select a valid image file (JPEG, PNG, GIF, WebP) under 5MB.';
    actor.send({ type: 'image.chosen', file: { type: 'image/svg+xml', size: 100 } });
    expect(actor.getSnapshot().context.imageError).toBe(message);
    actor.send({ type: 'image.chosen', file: { type: 'image/png', size: 6 * 1024 * 1024 } });
    expect(actor.getSnapshot().context.imageError).toBe(message);
    expect(actor.getSnapshot().context.preview).toBeNull();
  });

  it('previews a chosen image; Cancel forgets it; Upload drops the cache and tells the top bar', async () => {
    const { actor, calls, log, loaded } = start();
    await loaded();
    actor.send({ type: 'image.chosen', file: { type: 'image/png', size: 1000 } });
    await waitFor(actor, (s) => s.matches({ image: 'previewing' }), { timeout: 1000 });
    expect(actor.getSnapshot().context.preview).toBe('data:image/png;base64,AAAA');
    actor.send({ type: 'image.cancel' });
    expect(actor.getSnapshot().context.preview).toBeNull();
    actor.send({ type: 'image.chosen', file: { type: 'image/webp', size: 1000 } });
    await waitFor(actor, (s) => s.matches({ image: 'previewing' }), { timeout: 1000 });
    actor.send({ type: 'image.upload' });
    await waitFor(actor, (s) => s.matches({ image: 'idle' }), { timeout: 1000 });
    expect(calls.uploads).toEqual(['data:image/webp;base64,AAAA']);
    expect(actor.getSnapshot().context.image).toBe('data:image/webp;base64,AAAA');
    expect(actor.getSnapshot().context.cache).toBeNull();
    expect(log.caches.at(-1)).toBeNull();
    expect(log.profileChanged).toBe(1);
  });

  it('keeps the preview and shows the error when the upload is refused', async () => {
    const { actor, loaded } = start({
      upload: refused(
        'Invalid file. Please select a valid image file (JPEG, PNG, GIF, WebP) under 5MB.',
        400,
      ),
    });
    await loaded();
    actor.send({ type: 'image.chosen', file: { type: 'image/png', size: 1000 } });
    await waitFor(actor, (s) => s.matches({ image: 'previewing' }), { timeout: 1000 });
    actor.send({ type: 'image.upload' });
    await waitFor(actor, (s) => s.context.imageError !== null, { timeout: 1000 });
    expect(actor.getSnapshot().matches({ image: 'previewing' })).toBe(true);
    expect(actor.getSnapshot().context.imageError).toBe(
      'Invalid file. Please select a valid image file (JPEG, PNG, GIF, WebP) under 5MB.',
    );
  });

  it('pages through the activity list', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ activity: 'ready' }), { timeout: 1000 });
    actor.send({ type: 'activity.page', page: 2 });
    await waitFor(actor, (s) => s.matches({ activity: 'ready' }), { timeout: 1000 });
    expect(calls.activity).toEqual([1, 2]);
    expect(actor.getSnapshot().context.activityPage).toBe(2);
  });

  it('logs out of all devices only after confirmation, then signs out', async () => {
    const { actor, calls, log } = start();
    actor.send({ type: 'logoutAll.request' });
    actor.send({ type: 'logoutAll.cancel' });
    expect(calls.logoutAll).toBe(0);
    actor.send({ type: 'logoutAll.request' });
    actor.send({ type: 'logoutAll.confirm' });
    await waitFor(actor, (s) => s.matches({ logoutAll: 'done' }), { timeout: 1000 });
    expect(calls.logoutAll).toBe(1);
    expect(log.signOut).toBe(1);
  });
});
