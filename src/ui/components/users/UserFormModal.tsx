// The add-user and edit-user modals (spec §5 "Add user", "Edit user").
import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { UserFormField, userFormMachine } from '../../../machines/userForm.machine';
import { Alert } from '../Alert';
import { Modal } from '../Modal';
import { TextField } from '../TextField';

export function UserFormModal({ form }: { form: ActorRefFrom<typeof userFormMachine> }) {
  const open = useSelector(form, (s) => !s.matches('closed'));
  const mode = useSelector(form, (s) => s.context.mode);
  const values = useSelector(form, (s) => s.context.values);
  const errors = useSelector(form, (s) => s.context.errors);
  const formError = useSelector(form, (s) => s.context.formError);
  const busy = useSelector(form, (s) => s.matches({ open: 'creating' }) || s.matches({ open: 'updating' }));
  const roleId = useId();
  const formId = useId();
  const change = (field: UserFormField) => (value: string | boolean) => form.send({ type: 'form.change', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'form.submit' });
  };
  const adding = mode === 'add';

  // The buttons go in the Modal's footer, so they stay in view while a long form scrolls.
  return (
    <Modal
      open={open}
      title={adding ? 'Add User' : 'Edit User'}
      onClose={() => form.send({ type: 'form.close' })}
      footer={
        <>
          <button type="button" className="secondary" disabled={busy} onClick={() => form.send({ type: 'form.close' })}>
            Cancel
          </button>
          <button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
            {adding ? 'Add User' : 'Save Changes'}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} aria-busy={busy || undefined}>
        {formError && (
          <Alert type="error" reveal onClose={() => form.send({ type: 'form.dismissError' })}>
            {formError}
          </Alert>
        )}
        <fieldset disabled={busy}>
          <TextField
            label="Name"
            autoComplete="off"
            value={values.name}
            onValueChange={change('name')}
            error={errors.name}
            hint={adding ? 'Optional; the username is used when left empty' : undefined}
          />
          <TextField label="Email" type="email" autoComplete="off" value={values.email} onValueChange={change('email')} error={errors.email} required />
          <TextField
            label="Username"
            autoComplete="off"
            value={values.username}
            onValueChange={change('username')}
            error={errors.username}
            hint={adding ? 'At least 3 characters' : undefined}
            required
          />
          {adding && (
            <>
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                placeholder="Minimum 8 characters"
                value={values.password}
                onValueChange={change('password')}
                error={errors.password}
                required
              />
              <TextField
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onValueChange={change('confirmPassword')}
                error={errors.confirmPassword}
                required
              />
            </>
          )}
          <label htmlFor={roleId}>
            Role
            <select
              id={roleId}
              value={values.role}
              aria-invalid={errors.role ? true : undefined}
              onChange={(e) => change('role')(e.currentTarget.value)}
            >
              <option value="staff">Staff</option>
              <option value="admin">Admin</option>
            </select>
            {errors.role && <small>{errors.role}</small>}
          </label>
          {!adding && (
            <label>
              <input type="checkbox" role="switch" checked={values.isVerified} onChange={(e) => change('isVerified')(e.currentTarget.checked)} />
              Verified
            </label>
          )}
        </fieldset>
      </form>
    </Modal>
  );
}

export default UserFormModal;
