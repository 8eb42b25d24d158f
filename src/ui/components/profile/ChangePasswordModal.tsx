// The Change Password modal (docs/product.md#input-rules "Change password", #messages): closes 2 s after success.
import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type {
  changePasswordMachine,
  PasswordField,
} from '../../../machines/changePassword/machine';
import { PROFILE_TEXTS } from '../../../domain/i18n/en/profile';
import { useTexts, useTranslate } from '../../layout/i18n';
import { Alert } from '../Alert';
import { Modal } from '../Modal';
import { TextField } from '../TextField';

export function ChangePasswordModal({
  password,
}: {
  password: ActorRefFrom<typeof changePasswordMachine>;
}) {
  const open = useSelector(password, (s) => !s.matches('closed'));
  const values = useSelector(password, (s) => s.context.values);
  const errors = useSelector(password, (s) => s.context.errors);
  const error = useSelector(password, (s) => s.context.error);
  const success = useSelector(password, (s) => s.context.success);
  const busy = useSelector(password, (s) => s.matches('submitting'));
  const done = useSelector(password, (s) => s.matches('succeeded'));
  const change = (field: PasswordField) => (value: string) =>
    password.send({ type: 'password.change', field, value });
  const formId = useId();
  const t = useTexts('profile', PROFILE_TEXTS);
  const tr = useTranslate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    password.send({ type: 'password.submit' });
  };
  // The buttons go in the Modal's footer, so they stay in view while a long form scrolls.
  return (
    <Modal
      open={open}
      title={t.changePassword}
      onClose={() => !busy && password.send({ type: 'password.close' })}
      footer={
        <>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => password.send({ type: 'password.close' })}
          >
            {done ? t.close : t.cancel}
          </button>
          <button type="submit" form={formId} disabled={busy || done} aria-busy={busy || undefined}>
            {t.changePassword}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {error && (
          <Alert type="error" reveal>
            {tr(error)}
          </Alert>
        )}
        {success && (
          <Alert type="success" reveal>
            {tr(success)}
          </Alert>
        )}
        <fieldset disabled={busy || done}>
          <TextField
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onValueChange={change('currentPassword')}
            error={tr(errors.currentPassword)}
          />
          <TextField
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            placeholder={t.passwordPlaceholder}
            value={values.newPassword}
            onValueChange={change('newPassword')}
            error={tr(errors.newPassword)}
          />
          <TextField
            label={t.confirmNewPassword}
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onValueChange={change('confirmPassword')}
            error={tr(errors.confirmPassword)}
          />
        </fieldset>
      </form>
    </Modal>
  );
}
