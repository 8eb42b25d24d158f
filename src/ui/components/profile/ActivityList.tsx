// The account activity list (docs/product.md#data "Account activity entry"): date, action, description, IP
// address, user agent; paged. An entry about a record shows only the fields that changed, by the
// form's labels, old → new, in the page's language (issue 26 point 1; src/domain/history, the
// rendering the audit trail shares). The full date and time comes first, so it is never cut off.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { profileMachine } from '../../../machines/profile/machine';
import {
  selectActivities,
  selectActivityError,
  selectActivityLoading,
  selectActivityPage,
  selectActivityPagination,
} from '../../../machines/profile/selectors';
import {
  actionText,
  describeChanges,
  describeSubject,
  formatDateTime,
  HISTORY_TEXTS,
  type HistoryTexts,
} from '../../../domain/history';
import { PROFILE_TEXTS } from '../../../domain/i18n/en/profile';
import type { ActivityEntry } from '../../../api/services/account';
import { useTexts, useTranslate } from '../../layout/i18n';
import { Alert } from '../Alert';
import { LoadingOverlay } from '../LoadingOverlay';
import { Pager } from '../users/Pager';

/** The histories' texts; the section is not in the layout's list of sections yet. */
const HISTORY_SECTION = 'history' as Parameters<typeof useTexts>[0];

function Description({
  entry,
  texts,
  translate,
}: {
  entry: ActivityEntry;
  texts: HistoryTexts;
  translate: (text: string | undefined) => string;
}) {
  if (!entry.entity) return <>{translate(entry.description) || '—'}</>;
  const lines = describeChanges(entry, texts);
  return (
    <>
      <div>{describeSubject(entry, texts)}</div>
      {lines.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </>
  );
}

export function ActivityList({ profile }: { profile: ActorRefFrom<typeof profileMachine> }) {
  const activities = useSelector(profile, selectActivities);
  const page = useSelector(profile, selectActivityPage);
  const pagination = useSelector(profile, selectActivityPagination);
  const error = useSelector(profile, selectActivityError);
  const loading = useSelector(profile, selectActivityLoading);
  const t = useTexts('profile', PROFILE_TEXTS);
  const history = useTexts(HISTORY_SECTION, HISTORY_TEXTS);
  const tr = useTranslate();

  return (
    <article className="profile-activity" aria-labelledby="profile-activity-title">
      <header className="profile-section-header">
        <h2 id="profile-activity-title">{t.activityTitle}</h2>
        <button
          type="button"
          className="secondary outline"
          disabled={loading}
          onClick={() => profile.send({ type: 'activity.reload' })}
        >
          {t.reloadActivity}
        </button>
      </header>
      {error ? (
        <Alert type="error">{tr(error)}</Alert>
      ) : loading && activities.length === 0 ? (
        <LoadingOverlay inline size="small" message={t.loadingActivity} />
      ) : activities.length === 0 ? (
        <p className="app-muted">{t.noActivity}</p>
      ) : (
        <div
          className="app-table-scroll"
          tabIndex={0}
          role="region"
          aria-label={t.activityTable}
          aria-busy={loading || undefined}
        >
          <table className="profile-activity-table striped">
            <thead>
              <tr>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.descriptionColumn}</th>
                <th scope="col">{t.ipAddress}</th>
                <th scope="col">{t.userAgent}</th>
              </tr>
            </thead>
            <tbody>
              {activities.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">
                    <time dateTime={entry.createdAt}>
                      {formatDateTime(entry.createdAt, history)}
                    </time>
                  </th>
                  <td>{actionText(entry.action, history)}</td>
                  <td>
                    <Description entry={entry} texts={history} translate={tr} />
                  </td>
                  <td>
                    <bdi>{entry.ipAddress || '—'}</bdi>
                  </td>
                  {/* A user agent reads left to right even in the RTL layout (its ellipsis at the end). */}
                  <td className="profile-user-agent" title={entry.userAgent} dir="ltr">
                    {entry.userAgent || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!error && (
        <Pager
          label={t.activity}
          page={page}
          totalPages={pagination?.totalPages ?? 1}
          total={pagination?.total}
          limit={pagination?.limit}
          disabled={loading}
          onPage={(p) => profile.send({ type: 'activity.page', page: p })}
        />
      )}
    </article>
  );
}
