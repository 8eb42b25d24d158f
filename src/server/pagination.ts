import { PAGINATION } from '../domain/constants';
import { ApiError } from './errors';

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  total_pages: number;
}

function positiveInteger(raw: string | undefined, field: string, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d{1,9}$/.test(raw.trim())) throw new ApiError(400, `${field} must be a positive integer`, field);
  const value = Number(raw.trim());
  if (value < 1) throw new ApiError(400, `${field} must be a positive integer`, field);
  return value;
}

/** Reads ?page and ?limit (spec §9: default 10). A limit above the maximum is lowered to it rather than refused. */
export function parsePage(query: { page?: string; limit?: string }): PageRequest {
  const page = positiveInteger(query.page, 'page', 1);
  const limit = Math.min(positiveInteger(query.limit, 'limit', PAGINATION.defaultPageSize), PAGINATION.maxPageSize);
  return { page, limit, offset: (page - 1) * limit };
}

export function paginationOf(request: PageRequest, total: number): Pagination {
  return {
    page: request.page,
    limit: request.limit,
    total,
    total_pages: Math.ceil(total / request.limit),
  };
}
