// The add-user and edit-user modals (docs/product.md#input-rules "Add user", "Edit user").
import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { UserFormField, userFormMachine } from '../../../machines/userForm/machine';
import { Alert } from '../Alert';
import { Modal } from '../Modal';
import { TextField } from '../TextField';
import { USERS_TEXTS } from '../../../domain/i18n/en/users';
import { useTexts, useTranslate } from '../../layout/i18n';
import { HISTORY_TEXTS } from '../../../domain/history';
import { PHRASES } from '../../../domain/i18n/en/phrases';
import { ConflictNotice } from '../history/ConflictNotice';

export function UserFormModal({ form }: { form: ActorRefFrom<typeof userFormMachine> }) {
  const open = useSelector(form, (s) => !s.matches('closed'));
  const mode = useSelector(form, (s) => s.context.mode);
  const values = useSelector(form, (s) => s.context.values);
  const errors = useSelector(form, (s) => s.context.errors);
  const formError = useSelector(form, (s) => s.context.formError);
  const lastAdmin = useSelector(form, (s) => s.context.lastVerifiedAdmin);
  const conflict = useSelector(form, (s) => s.context.conflict);
  const busy = useSelector(
    form,
    (s) => s.matches({ open: 'creating' }) || s.matches({ open: 'updating' }),
  );
  const roleId = useId();
  const formId = useId();
  const verifiedHintId = useId();
  const lastAdminId = useId();
  const fixed = lastAdmin ? lastAdminId : undefined;
  const change = (field: UserFormField) => (value: string | boolean) =>
    form.send({ type: 'form.change', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'form.submit' });
  };
  const adding = mode === 'add';
  const t = useTexts('users', USERS_TEXTS);
  const tr = useTranslate();
  const history = useTexts('history', HISTORY_TEXTS);

  // The buttons go in the Modal's footer, so they stay in view while a long form scrolls.
  return (
    <Modal
      open={open}
      title={adding ? t.addUser : t.editUser}
      onClose={() => form.send({ type: 'form.close' })}
      footer={
        <>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => form.send({ type: 'form.close' })}
          >
            {t.cancel}
          </button>
          <button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
            {adding ? t.addUser : t.saveChanges}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {formError && (
          <Alert type="error" reveal onClose={() => form.send({ type: 'form.dismissError' })}>
            {tr(formError)}
          </Alert>
        )}
        {conflict && (
          <ConflictNotice
            conflict={conflict}
            texts={history}
            title={t.conflictTitle}
            message={tr(PHRASES.userChangedBySomeoneElse)}
            reloadLabel={t.conflictReload}
            applyLabel={t.conflictApplyMine}
            disabled={busy}
            onReload={() => form.send({ type: 'form.conflictReload' })}
            onApply={() => form.send({ type: 'form.conflictApplyMine' })}
          />
        )}
        <fieldset disabled={busy}>
          <TextField
            label={t.name}
            autoComplete="off"
            value={values.name}
            onValueChange={change('name')}
            error={tr(errors.name)}
            hint={adding ? t.nameHint : undefined}
          />
          <TextField
            label={t.email}
            type="email"
            autoComplete="off"
            value={values.email}
            onValueChange={change('email')}
            error={tr(errors.email)}
            required
          />
          <TextField
            label={t.username}
            autoComplete="off"
            value={values.username}
            onValueChange={change('username')}
            error={tr(errors.username)}
            hint={adding ? t.usernameHint : undefined}
            required
          />
          {adding && (
            <>
              <TextField
                label={t.password}
                type="password"
                autoComplete="new-password"
                placeholder={t.passwordPlaceholder}
                value={values.password}
                onValueChange={change('password')}
                error={tr(errors.password)}
                required
              />
              <TextField
                label={t.confirmPassword}
                type="password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onValueChange={change('confirmPassword')}
                error={tr(errors.confirmPassword)}
                required
              />
            </>
          )}
          <label htmlFor={roleId}>
            {t.role}
            <select
              id={roleId}
              value={values.role}
              disabled={lastAdmin}
              aria-describedby={fixed}
              aria-invalid={errors.role ? true : undefined}
              onChange={(e) => change('role')(e.currentTarget.value)}
            >
              <option value="staff">{t.staff}</option>
              <option value="admin">{t.admin}</option>
            </select>
            {errors.role && <small>{tr(errors.role)}</small>}
          </label>
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={values.isVerified}
              disabled={lastAdmin}
              aria-describedby={adding ? verifiedHintId : fixed}
              onChange={(e) => change('isVerified')(e.currentTarget.checked)}
            />
            {t.verified}
          </label>
          {lastAdmin && (
            <small id={lastAdminId} className="app-muted users-switch-hint">
              {t.lastAdminEditNote}
            </small>
          )}
          {adding && (
            <small id={verifiedHintId} className="app-muted users-switch-hint">
              {values.isVerified ? t.verifiedHintOn : t.verifiedHintOff}
            </small>
          )}
        </fieldset>
      </form>
    </Modal>
  );
}
