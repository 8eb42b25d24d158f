// Manajemen User (docs/product.md#screens "/user-management"): the list machine owns filters (kept in the URL),
// paging, row actions and banners; the form machine owns the add/edit modals.
import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { userFormMachine } from '../../machines/userForm/machine';
import { parseUserQuery, userListMachine, userQueryString } from '../../machines/userList/machine';
import { Alert } from '../components/Alert';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { PageHeader } from '../components/PageHeader';
import { Pager } from '../components/users/Pager';
import { UserActionDialog } from '../components/users/UserActionDialog';
import { UserFilters } from '../components/users/UserFilters';
import { UserFormModal } from '../components/users/UserFormModal';
import { UserHistoryModal } from '../components/users/UserHistoryModal';
import { ExportButtons } from '../components/ExportButtons';
import { exportUsers, userFormActors, userListActors } from '../wiring/users';
import { exportFileMachine } from '../../machines/exportFile/machine';
import type { ListedUserRow } from '../../machines/userList/machine';
import { UserTable } from '../components/users/UserTable';
import { USERS_TEXTS } from '../../domain/i18n/en/users';
import { PHRASES } from '../../domain/i18n/en/phrases';
import { useShownLanguage, useTexts, useTranslate } from '../layout/i18n';
import { useInspect } from '../shell/hooks';
import {
  selectBanner,
  selectFilters,
  selectListStatus,
  selectLoadError,
  selectPagination,
  selectUsers,
} from '../../machines/userList/selectors';

const PATH = '/user-management';

export default function UserManagementPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const inspect = useInspect();

  const listMachine = useMemo(
    () =>
      userListMachine.provide({
        actors: userListActors,
        actions: {
          // Replace, not push: every keystroke of the search must not become a history entry. The
          // guard decides on the path only, so the page stays mounted and keeps the focus.
          syncUrl: (_, filters) => {
            if (window.location.pathname !== PATH) return;
            const query = userQueryString(filters);
            navigate(query ? `${PATH}?${query}` : PATH, { replace: true });
          },
        },
      }),
    [navigate],
  );
  // The URL at mount starts the machine; later URL changes reach it as 'users.urlChanged'.
  const [initialFilters] = useState(() => parseUserQuery(search));
  const [, , list] = useMachine(listMachine, { input: { filters: initialFilters }, inspect });

  const formMachine = useMemo(
    () =>
      userFormMachine.provide({
        actors: userFormActors,
        actions: { saved: (_, message) => list.send({ type: 'users.saved', message }) },
      }),
    [list],
  );
  const [, , form] = useMachine(formMachine, { inspect });

  // Back/forward or a pasted link: the machine follows the URL (it ignores its own writes).
  useEffect(() => {
    list.send({ type: 'users.urlChanged', filters: parseUserQuery(search) });
  }, [list, search]);

  const status = useSelector(list, selectListStatus);
  const users = useSelector(list, selectUsers);
  const pagination = useSelector(list, selectPagination);
  const filters = useSelector(list, selectFilters);
  const loadError = useSelector(list, selectLoadError);
  const banner = useSelector(list, selectBanner);
  const filtered = filters.search !== '' || filters.role !== '' || filters.verified !== '';
  const hasRows = users.length > 0;
  const t = useTexts('users', USERS_TEXTS);
  const tr = useTranslate();
  const language = useShownLanguage();
  const [historyOf, setHistoryOf] = useState<ListedUserRow | null>(null);
  // The export reads the list's filters and the language at the click, not at mount.
  const current = useRef({ filters, language });
  current.current = { filters, language };
  const exporter = useActorRef(
    exportFileMachine.provide({
      actors: { exportFile: exportUsers(() => current.current) },
    }),
    { input: { failedText: PHRASES.exportUsersFailed }, inspect },
  );

  return (
    <section className="users-page">
      <PageHeader
        title="Manajemen User"
        description={t.description}
        actions={
          <>
            <ExportButtons actorRef={exporter} texts={t} translate={tr} />
            <button type="button" onClick={() => form.send({ type: 'form.openAdd' })}>
              {t.addUser}
            </button>
          </>
        }
      />
      {banner && (
        <Alert type={banner.type} reveal onClose={() => list.send({ type: 'banner.dismiss' })}>
          {tr(banner.text)}
        </Alert>
      )}
      <article className="users-card">
        <UserFilters list={list} />
        {status === 'failed' ? (
          <div className="users-state">
            <Alert type="error">{tr(loadError)}</Alert>
            <button
              type="button"
              className="secondary"
              onClick={() => list.send({ type: 'users.reload' })}
            >
              {t.retry}
            </button>
          </div>
        ) : status === 'loading' && !hasRows ? (
          <div className="users-state">
            <LoadingOverlay inline message={t.loadingUsers} />
          </div>
        ) : !hasRows ? (
          <div className="users-state">
            <p>{filtered ? t.noMatch : t.noUsers}</p>
            {filtered && (
              <button
                type="button"
                className="secondary"
                // The list follows the URL (users.urlChanged below).
                onClick={() => navigate(PATH, { replace: true })}
              >
                {t.clearFilters}
              </button>
            )}
          </div>
        ) : (
          <div aria-busy={status === 'loading' || undefined} className="users-list">
            <UserTable
              users={users}
              busy={status === 'loading'}
              onEdit={(user) => form.send({ type: 'form.openEdit', user })}
              onDelete={(user) => list.send({ type: 'users.delete', user })}
              onVerify={(user) => list.send({ type: 'users.verify', user })}
              onInvalidate={(user) => list.send({ type: 'users.invalidate', user })}
              onHistory={setHistoryOf}
            />
          </div>
        )}
        {status !== 'failed' && (
          <Pager
            label={t.users}
            page={filters.page}
            totalPages={pagination?.totalPages ?? 1}
            total={pagination?.total ?? users.length}
            limit={filters.limit}
            disabled={status === 'loading'}
            onPage={(page) => list.send({ type: 'users.page', page })}
            onLimit={(limit) => list.send({ type: 'users.pageSize', limit })}
          />
        )}
      </article>
      <UserFormModal form={form} />
      <UserActionDialog list={list} />
      <UserHistoryModal user={historyOf} onClose={() => setHistoryOf(null)} />
    </section>
  );
}
