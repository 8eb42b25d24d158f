// The account activity list (spec §3 "Account activity entry"): action, description, IP address,
// user agent, date; paged.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { profileMachine } from '../../../machines/profile.machine';
import {
  selectActivities,
  selectActivityError,
  selectActivityLoading,
  selectActivityPage,
  selectActivityPagination,
} from '../../../machines/profile.selectors';
import { PROFILE_TEXTS } from '../../../domain/i18n/en/profile';
import { dateTimeId } from '../../../domain/dateId';
import { useShownLanguage, useTexts, useTranslate } from '../../layout/i18n';
import { Alert } from '../Alert';
import { LoadingOverlay } from '../LoadingOverlay';
import { Pager } from '../users/Pager';

const two = (n: number) => String(n).padStart(2, '0');

/** §9: dates DD/MM/YYYY, time HH:mm (the browser's time zone). */
export function activityDate(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** 'profile_image_updated' → 'Profile image updated'. */
export function actionLabel(action: string): string {
  const text = action.replace(/[_-]+/g, ' ').trim();
  return text ? text[0].toUpperCase() + text.slice(1) : action;
}

export function ActivityList({ profile }: { profile: ActorRefFrom<typeof profileMachine> }) {
  const activities = useSelector(profile, selectActivities);
  const page = useSelector(profile, selectActivityPage);
  const pagination = useSelector(profile, selectActivityPagination);
  const error = useSelector(profile, selectActivityError);
  const loading = useSelector(profile, selectActivityLoading);
  const t = useTexts('profile', PROFILE_TEXTS);
  const tr = useTranslate();
  const language = useShownLanguage();

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
                <th scope="col">{t.action}</th>
                <th scope="col">{t.descriptionColumn}</th>
                <th scope="col">{t.ipAddress}</th>
                <th scope="col">{t.userAgent}</th>
                <th scope="col">{t.date}</th>
              </tr>
            </thead>
            <tbody>
              {activities.map((entry) => (
                <tr key={entry.id}>
                  <td>{tr(actionLabel(entry.action))}</td>
                  <td>{tr(entry.description) || '—'}</td>
                  <td>
                    <bdi>{entry.ipAddress || '—'}</bdi>
                  </td>
                  {/* A user agent reads left to right even in the RTL layout (its ellipsis at the end). */}
                  <td className="profile-user-agent" title={entry.userAgent} dir="ltr">
                    {entry.userAgent || '—'}
                  </td>
                  <td>
                    <time dateTime={entry.createdAt}>
                      {language === 'id'
                        ? dateTimeId(entry.createdAt)
                        : activityDate(entry.createdAt)}
                    </time>
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
