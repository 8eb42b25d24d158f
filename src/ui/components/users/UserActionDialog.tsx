// Confirmation of a row action: delete, verify (with optional notes) or invalidate.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { displayName } from '../../../domain/user';
import type { RowActionKind, userListMachine } from '../../../machines/userList.machine';
import { ConfirmDialog } from '../ConfirmDialog';

const TEXT: Readonly<Record<RowActionKind, { title: string; confirm: string; body: (who: string) => string }>> = {
  delete: {
    title: 'Delete user',
    confirm: 'Delete',
    body: (who) => `Delete ${who}? The account and its sessions are removed. This cannot be undone.`,
  },
  verify: {
    title: 'Verify user',
    confirm: 'Verify',
    body: (who) => `Verify ${who}? The user can sign in afterwards.`,
  },
  invalidate: {
    title: 'Invalidate user',
    confirm: 'Invalidate',
    body: (who) => `Invalidate ${who}? The account goes back to unverified and every session ends.`,
  },
};

export function UserActionDialog({ list }: { list: ActorRefFrom<typeof userListMachine> }) {
  const action = useSelector(list, (s) => s.context.action);
  const open = useSelector(list, (s) => !s.matches({ action: 'idle' }));
  const busy = useSelector(list, (s) => s.matches({ action: 'running' }));
  if (!action) return <ConfirmDialog open={false} title="" message="" onConfirm={() => {}} onCancel={() => {}} />;
  const text = TEXT[action.kind];
  const who = `${displayName(action.user)} (${action.user.email})`;
  return (
    <ConfirmDialog
      open={open}
      title={text.title}
      confirmLabel={text.confirm}
      danger={action.kind !== 'verify'}
      busy={busy}
      onConfirm={() => list.send({ type: 'action.confirm' })}
      onCancel={() => list.send({ type: 'action.cancel' })}
      message={
        <>
          <p>{text.body(who)}</p>
          {action.kind === 'verify' && (
            <label>
              Notes (optional)
              <textarea
                rows={2}
                maxLength={1000}
                value={action.notes}
                disabled={busy}
                onChange={(e) => list.send({ type: 'action.notes', notes: e.currentTarget.value })}
              />
            </label>
          )}
        </>
      }
    />
  );
}

export default UserActionDialog;
