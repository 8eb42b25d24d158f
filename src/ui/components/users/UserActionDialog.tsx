// Confirmation of a row action: delete, verify (with optional notes) or invalidate.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { displayName } from '../../../domain/users/user';
import type { userListMachine } from '../../../machines/userList/machine';
import { ConfirmDialog } from '../ConfirmDialog';
import { USERS_TEXTS } from '../../../domain/i18n/en/users';
import { fill } from '../../../domain/i18n';
import { useTexts, useTranslate } from '../../layout/i18n';
import { HISTORY_TEXTS } from '../../../domain/history';
import { PHRASES } from '../../../domain/i18n/en/phrases';
import { ConflictNotice } from '../history/ConflictNotice';
import {
  selectActionOpen,
  selectActionRunning,
  selectRowAction,
} from '../../../machines/userList/selectors';

export function UserActionDialog({ list }: { list: ActorRefFrom<typeof userListMachine> }) {
  const action = useSelector(list, selectRowAction);
  const open = useSelector(list, selectActionOpen);
  const busy = useSelector(list, selectActionRunning);
  const t = useTexts('users', USERS_TEXTS);
  const history = useTexts('history', HISTORY_TEXTS);
  const tr = useTranslate();
  if (!action)
    return (
      <ConfirmDialog open={false} title="" message="" onConfirm={() => {}} onCancel={() => {}} />
    );
  const kind = action.kind;
  const who = `${displayName(action.user)} (${action.user.email})`;
  return (
    <ConfirmDialog
      open={open}
      title={t[`${kind}Title`]}
      confirmLabel={t[kind]}
      cancelLabel={t.cancel}
      danger={action.kind !== 'verify'}
      busy={busy}
      onConfirm={() => list.send({ type: 'action.confirm' })}
      onCancel={() => list.send({ type: 'action.cancel' })}
      message={
        <>
          {action.conflict && (
            <ConflictNotice
              conflict={action.conflict}
              texts={history}
              title={t.conflictTitle}
              message={tr(PHRASES.userChangedBySomeoneElse)}
              reloadLabel={t.conflictReload}
              applyLabel={t.conflictApplyMine}
              disabled={busy}
              onReload={() => list.send({ type: 'action.cancel' })}
              onApply={() => list.send({ type: 'action.confirm' })}
            />
          )}
          <p>{fill(t[`${kind}Body`], { who })}</p>
          {action.kind === 'verify' && (
            <label>
              {t.notes}
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
