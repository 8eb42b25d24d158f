// Profile Settings (docs/product.md#screens "/profile"): the profile machine owns loading (60 s cache), saving,
// the avatar, the activity list and log-out-everywhere; the change-password machine the modal.
import { useMachine, useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { displayName, roleBadge, roleLabel } from '../../domain/users/user';
import { formatMemberSince } from '../../domain/users/userDates';
import { changePasswordMachine } from '../../machines/changePassword/machine';
import { profileMachine, type ProfileField } from '../../machines/profile/machine';
import { Alert } from '../components/Alert';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { PageHeader } from '../components/PageHeader';
import { ActivityList } from '../components/profile/ActivityList';
import { AvatarCard } from '../components/profile/AvatarCard';
import { ChangePasswordModal } from '../components/profile/ChangePasswordModal';
import {
  changePasswordActors,
  keepProfileCache,
  keptProfileCache,
  profileActors,
} from '../wiring/profile';
import { TextField } from '../components/TextField';
import { PROFILE_TEXTS } from '../../domain/i18n/en/profile';
import { dayId } from '../../domain/values/dateId';
import { useShownLanguage, useTexts, useTranslate } from '../layout/i18n';
import { useAuthActions, useCurrentUser, useInspect, useShell } from '../shell/hooks';
import {
  selectConfirmingLogoutAll,
  selectErrors,
  selectForm,
  selectLoadError,
  selectLoggingOutAll,
  selectMessage,
  selectProfile,
  selectProfileStatus,
  selectSaving,
} from '../../machines/profile/selectors';

export default function ProfilePage() {
  const currentUser = useCurrentUser();
  const { refreshUser, logout } = useAuthActions();
  const inspect = useInspect();
  const { kept } = useShell();

  const machine = useMemo(
    () =>
      profileMachine.provide({
        actors: profileActors,
        actions: {
          profileChanged: () => refreshUser(),
          cacheChanged: (_, cache) => keepProfileCache(kept, cache),
          signOut: () => logout(),
        },
      }),
    [refreshUser, logout, kept],
  );
  // Read once: the machine owns the cache from here on and reports changes through cacheChanged.
  const [cache] = useState(() => keptProfileCache(kept, currentUser?.id));
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

  const status = useSelector(profile, selectProfileStatus);
  const data = useSelector(profile, selectProfile);
  const form = useSelector(profile, selectForm);
  const errors = useSelector(profile, selectErrors);
  const loadError = useSelector(profile, selectLoadError);
  const message = useSelector(profile, selectMessage);
  const saving = useSelector(profile, selectSaving);
  const confirmingLogoutAll = useSelector(profile, selectConfirmingLogoutAll);
  const loggingOutAll = useSelector(profile, selectLoggingOutAll);

  const change = (field: ProfileField) => (value: string) =>
    profile.send({ type: 'profile.change', field, value });
  const save = (e: FormEvent) => {
    e.preventDefault();
    profile.send({ type: 'profile.save' });
  };
  const name = displayName(data ?? currentUser);
  const t = useTexts('profile', PROFILE_TEXTS);
  const tr = useTranslate();
  const language = useShownLanguage();

  return (
    <section className="profile-page">
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <button
            type="button"
            className="secondary outline"
            disabled={status === 'loading'}
            onClick={() => profile.send({ type: 'profile.refresh' })}
          >
            {t.refresh}
          </button>
        }
      />
      {message && (
        <Alert type={message.type} reveal onClose={() => profile.send({ type: 'message.dismiss' })}>
          {tr(message.text)}
        </Alert>
      )}
      {status === 'failed' ? (
        <Alert type="error">{tr(loadError)}</Alert>
      ) : status === 'loading' || !data ? (
        <LoadingOverlay inline message={t.loadingProfile} />
      ) : (
        <div className="profile-grid">
          <article className="profile-card">
            <AvatarCard profile={profile} name={name} />
            <dl className="profile-facts">
              <dt>{t.role}</dt>
              <dd>
                <span className="app-badge" data-variant={roleBadge(data.role)}>
                  {tr(roleLabel(data.role)) || t.unknownRole}
                </span>
              </dd>
              <dt>{t.status}</dt>
              <dd>
                <span className="users-status" data-verified={data.isVerified ? 'true' : 'false'}>
                  {data.isVerified ? t.verified : t.unverified}
                </span>
              </dd>
              <dt>{t.memberSince}</dt>
              <dd>
                {language === 'id' ? dayId(data.createdAt) : formatMemberSince(data.createdAt)}
              </dd>
            </dl>
          </article>
          <article className="profile-card">
            <h2>{t.accountDetails}</h2>
            <form noValidate onSubmit={save} aria-busy={saving || undefined}>
              <fieldset disabled={saving}>
                <TextField
                  label={t.name}
                  autoComplete="name"
                  value={form.name}
                  onValueChange={change('name')}
                  error={tr(errors.name)}
                />
                <TextField
                  label={t.email}
                  type="email"
                  autoComplete="email"
                  value={form.email}
                  onValueChange={change('email')}
                  error={tr(errors.email)}
                />
              </fieldset>
              <div className="profile-buttons">
                <button type="submit" disabled={saving} aria-busy={saving || undefined}>
                  {t.saveChanges}
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => password.send({ type: 'password.open' })}
                >
                  {t.changePassword}
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
            <h2>{t.sessions}</h2>
            <p className="app-muted">{t.sessionsText}</p>
            <button
              type="button"
              className="outline app-danger-outline"
              onClick={() => profile.send({ type: 'logoutAll.request' })}
            >
              {t.logoutAll}
            </button>
          </article>
        </>
      )}
      <ChangePasswordModal password={password} />
      <ConfirmDialog
        open={confirmingLogoutAll}
        title={t.logoutAll}
        message={t.logoutAllText}
        confirmLabel={t.logoutEverywhere}
        cancelLabel={t.cancel}
        danger
        busy={loggingOutAll}
        onConfirm={() => profile.send({ type: 'logoutAll.confirm' })}
        onCancel={() => profile.send({ type: 'logoutAll.cancel' })}
      />
    </section>
  );
}
