// Profile Settings (spec §2 "/profile"): the profile machine owns loading (60 s cache), saving,
// the avatar, the activity list and log-out-everywhere; the change-password machine the modal.
import { useMachine, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { displayName, formatMemberSince, roleBadge, roleLabel } from '../../domain/user';
import { changePasswordMachine } from '../../machines/changePassword.machine';
import { profileMachine, type ProfileField } from '../../machines/profile.machine';
import { Alert } from '../components/Alert';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { PageHeader } from '../components/PageHeader';
import { ActivityList } from '../components/profile/ActivityList';
import { AvatarCard } from '../components/profile/AvatarCard';
import { ChangePasswordModal } from '../components/profile/ChangePasswordModal';
import { changePasswordActors, keepProfileCache, keptProfileCache, profileActors } from '../components/profile/profileServices';
import { TextField } from '../components/TextField';
import { useAuthActions, useCurrentUser, useInspect } from '../shell/hooks';

export default function ProfilePage() {
  const currentUser = useCurrentUser();
  const { refreshUser, logout } = useAuthActions();
  const inspect = useInspect();

  const machine = useMemo(
    () =>
      profileMachine.provide({
        actors: profileActors,
        actions: {
          profileChanged: () => refreshUser(),
          cacheChanged: (_, cache) => keepProfileCache(cache),
          signOut: () => logout(),
        },
      }),
    [refreshUser, logout],
  );
  // Read once: the machine owns the cache from here on and reports changes through cacheChanged.
  const [cache] = useState(() => keptProfileCache(currentUser?.id));
  const [, , profile] = useMachine(machine, { input: { cache }, inspect });

  const passwordMachine = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: changePasswordActors,
        actions: { passwordChanged: () => profile.send({ type: 'activity.reload' }) },
      }),
    [profile],
  );
  const [, , password] = useMachine(passwordMachine, { inspect });

  const status = useSelector(profile, (s) =>
    s.matches({ profile: 'ready' }) ? 'ready' : s.matches({ profile: 'failed' }) || s.matches({ profile: 'unauthorized' }) || s.matches({ profile: 'signedOut' }) ? 'failed' : 'loading',
  );
  const data = useSelector(profile, (s) => s.context.profile);
  const form = useSelector(profile, (s) => s.context.form);
  const errors = useSelector(profile, (s) => s.context.errors);
  const loadError = useSelector(profile, (s) => s.context.loadError);
  const message = useSelector(profile, (s) => s.context.message);
  const saving = useSelector(profile, (s) => s.matches({ profile: { ready: 'saving' } }));
  const confirmingLogoutAll = useSelector(profile, (s) => !s.matches({ logoutAll: 'idle' }));
  const loggingOutAll = useSelector(profile, (s) => s.matches({ logoutAll: 'running' }) || s.matches({ logoutAll: 'done' }));

  const change = (field: ProfileField) => (value: string) => profile.send({ type: 'profile.change', field, value });
  const save = (e: FormEvent) => {
    e.preventDefault();
    profile.send({ type: 'profile.save' });
  };
  const name = displayName(data ?? currentUser);

  return (
    <section className="profile-page">
      <PageHeader
        title="Profile Settings"
        description="Your account details, picture, password and recent activity."
        actions={
          <button type="button" className="secondary outline" disabled={status === 'loading'} onClick={() => profile.send({ type: 'profile.refresh' })}>
            Refresh
          </button>
        }
      />
      {message && (
        <Alert type={message.type} reveal onClose={() => profile.send({ type: 'message.dismiss' })}>
          {message.text}
        </Alert>
      )}
      {status === 'failed' ? (
        <Alert type="error">{loadError}</Alert>
      ) : status === 'loading' || !data ? (
        <LoadingOverlay inline message="Loading profile..." />
      ) : (
        <div className="profile-grid">
          <article className="profile-card">
            <AvatarCard profile={profile} name={name} />
            <dl className="profile-facts">
              <dt>Role</dt>
              <dd>
                <span className="app-badge" data-variant={roleBadge(data.role)}>
                  {roleLabel(data.role) || 'Unknown'}
                </span>
              </dd>
              <dt>Status</dt>
              <dd>
                <span className="users-status" data-verified={data.isVerified ? 'true' : 'false'}>
                  {data.isVerified ? 'Verified' : 'Unverified'}
                </span>
              </dd>
              <dt>Member since</dt>
              <dd>{formatMemberSince(data.createdAt)}</dd>
            </dl>
          </article>
          <article className="profile-card">
            <h2>Account Details</h2>
            <form noValidate onSubmit={save} aria-busy={saving || undefined}>
              <fieldset disabled={saving}>
                <TextField label="Name" autoComplete="name" value={form.name} onValueChange={change('name')} error={errors.name} />
                <TextField label="Email" type="email" autoComplete="email" value={form.email} onValueChange={change('email')} error={errors.email} />
              </fieldset>
              <div className="profile-buttons">
                <button type="submit" disabled={saving} aria-busy={saving || undefined}>
                  Save Changes
                </button>
                <button type="button" className="secondary" onClick={() => password.send({ type: 'password.open' })}>
                  Change Password
                </button>
              </div>
            </form>
          </article>
        </div>
      )}
      {status === 'ready' && (
        <>
          <ActivityList profile={profile} />
          <article className="profile-security">
            <h2>Sessions</h2>
            <p className="app-muted">Sign out everywhere this account is signed in, including this browser.</p>
            <button type="button" className="outline app-danger-outline" onClick={() => profile.send({ type: 'logoutAll.request' })}>
              Log out of all devices
            </button>
          </article>
        </>
      )}
      <ChangePasswordModal password={password} />
      <ConfirmDialog
        open={confirmingLogoutAll}
        title="Log out of all devices"
        message="Every session of your account ends, including this one. You will need to sign in again."
        confirmLabel="Log out everywhere"
        danger
        busy={loggingOutAll}
        onConfirm={() => profile.send({ type: 'logoutAll.confirm' })}
        onCancel={() => profile.send({ type: 'logoutAll.cancel' })}
      />
    </section>
  );
}
