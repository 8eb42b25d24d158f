// Previous / page x of y / Next, with an optional rows-per-page choice (docs/product.md#limits: 5, 10, 25, 50, 100).
import { useId } from 'react';
import { PAGINATION } from '../../../domain/constants';
import { USERS_TEXTS } from '../../../domain/i18n/en/users';
import { fill } from '../../../domain/i18n';
import { useTexts } from '../../layout/i18n';

export interface PagerProps {
  /** What is paged, for the labels: 'users', 'activity'. */
  label: string;
  page: number;
  totalPages: number;
  total?: number;
  limit?: number;
  onPage: (page: number) => void;
  onLimit?: (limit: number) => void;
  disabled?: boolean;
}

export function Pager({
  label,
  page,
  totalPages,
  total,
  limit,
  onPage,
  onLimit,
  disabled = false,
}: PagerProps) {
  const sizeId = useId();
  const t = useTexts('users', USERS_TEXTS);
  const pages = Math.max(totalPages, 1);
  const first =
    total !== undefined && limit !== undefined && total > 0 ? (page - 1) * limit + 1 : 0;
  const last = total !== undefined && limit !== undefined ? Math.min(page * limit, total) : 0;
  return (
    <nav className="app-pager" aria-label={fill(t.pagesOf, { label })}>
      {total !== undefined && (
        <span className="app-muted">
          {total === 0 ? t.noEntries : fill(t.showing, { first, last, total })}
        </span>
      )}
      {onLimit && limit !== undefined && (
        <span className="app-pager-size">
          <label htmlFor={sizeId}>{t.rowsPerPage}</label>
          <select
            id={sizeId}
            value={limit}
            disabled={disabled}
            onChange={(e) => onLimit(Number(e.currentTarget.value))}
          >
            {PAGINATION.pageSizeChoices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
      )}
      <span className="app-pager-buttons">
        <button
          type="button"
          className="secondary outline"
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t.previous}
        </button>
        <span aria-live="polite">{fill(t.pageOf, { page: Math.min(page, pages), pages })}</span>
        <button
          type="button"
          className="secondary outline"
          disabled={disabled || page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t.next}
        </button>
      </span>
    </nav>
  );
}
