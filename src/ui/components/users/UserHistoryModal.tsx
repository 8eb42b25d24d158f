// A user's history for administrators (issue 25): who changed the account, when and what (role,
// verification, name, email), plus password resets and failed sign-ins, newest first.
import { useActorRef, useSelector } from '@xstate/react';
import { HISTORY_TEXTS } from '../../../domain/history';
import { fill } from '../../../domain/i18n';
import { USERS_TEXTS } from '../../../domain/i18n/en/users';
import { PHRASES } from '../../../domain/i18n/en/phrases';
import { displayName } from '../../../domain/users/user';
import { historyMachine } from '../../../machines/history/machine';
import {
  selectHistoryError,
  selectHistoryEvents,
  selectHistoryLoading,
  selectHistoryPage,
  selectHistoryPages,
} from '../../../machines/history/selectors';
import type { ListedUserRow } from '../../../machines/userList/machine';
import { useTexts, useTranslate } from '../../layout/i18n';
import { useInspect } from '../../shell/hooks';
import { loadUserHistory } from '../../wiring/users';
import { Alert } from '../Alert';
import { HistoryTable } from '../history/HistoryTable';
import { LoadingOverlay } from '../LoadingOverlay';
import { Modal } from '../Modal';
import { Pager } from './Pager';

function UserHistory({ user }: { user: ListedUserRow }) {
  const t = useTexts('users', USERS_TEXTS);
  const history = useActorRef(
    historyMachine.provide({ actors: { loadHistory: loadUserHistory } }),
    { input: { id: user.id, failedText: PHRASES.userHistoryFailed }, inspect: useInspect() },
  );
  const events = useSelector(history, selectHistoryEvents);
  const error = useSelector(history, selectHistoryError);
  const loading = useSelector(history, selectHistoryLoading);
  const page = useSelector(history, selectHistoryPage);
  const pages = useSelector(history, selectHistoryPages);
  const texts = useTexts('history', HISTORY_TEXTS);
  const tr = useTranslate();
  const labels = {
    table: t.historyTable,
    when: t.when,
    by: t.by,
    what: t.what,
    changes: t.changes,
  };

  if (error) return <Alert type="error">{tr(error)}</Alert>;
  if (loading && events.length === 0) return <LoadingOverlay inline message={t.loadingHistory} />;
  if (events.length === 0) return <p className="app-muted">{t.noHistory}</p>;
  return (
    <div aria-busy={loading || undefined}>
      <HistoryTable events={events} texts={texts} labels={labels} />
      {pages > 1 && (
        <Pager
          label={t.history}
          page={page}
          totalPages={pages}
          disabled={loading}
          onPage={(p) => history.send({ type: 'history.page', page: p })}
        />
      )}
    </div>
  );
}

export function UserHistoryModal({
  user,
  onClose,
}: {
  user: ListedUserRow | null;
  onClose: () => void;
}) {
  const t = useTexts('users', USERS_TEXTS);
  const who = user ? displayName(user) : '';
  return (
    <Modal open={user !== null} wide title={fill(t.historyWho, { who })} onClose={onClose}>
      {user && <UserHistory key={String(user.id)} user={user} />}
    </Modal>
  );
}
