// Search (debounced by the machine), role and verification filters of the user list.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { USERS_TEXTS } from '../../../domain/i18n/en/users';
import { useTexts } from '../../layout/i18n';
import type {
  RoleFilter,
  userListMachine,
  VerifiedFilter,
} from '../../../machines/userList/machine';
import { selectFilters, selectSearchInput } from '../../../machines/userList/selectors';

export function UserFilters({ list }: { list: ActorRefFrom<typeof userListMachine> }) {
  const searchInput = useSelector(list, selectSearchInput);
  const { role, verified } = useSelector(list, selectFilters);
  const t = useTexts('users', USERS_TEXTS);
  return (
    <form className="users-filters" aria-label={t.filterUsers} onSubmit={(e) => e.preventDefault()}>
      <label>
        {t.searchUsers}
        <input
          type="search"
          placeholder={t.searchPlaceholder}
          value={searchInput}
          maxLength={100}
          onChange={(e) => list.send({ type: 'users.searchTyped', text: e.currentTarget.value })}
        />
      </label>
      <label>
        {t.filterRole}
        <select
          value={role}
          onChange={(e) =>
            list.send({ type: 'users.roleFilter', role: e.currentTarget.value as RoleFilter })
          }
        >
          <option value="">{t.allRoles}</option>
          <option value="admin">{t.admin}</option>
          <option value="staff">{t.staff}</option>
        </select>
      </label>
      <label>
        {t.filterVerification}
        <select
          value={verified}
          onChange={(e) =>
            list.send({
              type: 'users.verifiedFilter',
              verified: e.currentTarget.value as VerifiedFilter,
            })
          }
        >
          <option value="">{t.allStatuses}</option>
          <option value="true">{t.verified}</option>
          <option value="false">{t.unverified}</option>
        </select>
      </label>
    </form>
  );
}
