import { object } from 'superstruct';
import { PAGINATION } from '../domain/constants';
import { parseQuery, queryParam } from './http/query';

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

const DIGITS = /^\d{1,9}$/;

function positiveInteger(field: string, fallback: number, max = Infinity) {
  return queryParam(
    (text) => (DIGITS.test(text) && Number(text) >= 1 ? Math.min(Number(text), max) : undefined),
    `${field} must be a positive integer`,
    fallback,
  );
}

/** ?page and ?limit (docs/product.md#limits: default 10). A limit above the maximum is lowered to it rather than refused. */
export const PAGE_QUERY = {
  page: positiveInteger('page', 1),
  limit: positiveInteger('limit', PAGINATION.defaultPageSize, PAGINATION.maxPageSize),
};

export function pageRequest({ page, limit }: { page: number; limit: number }): PageRequest {
  return { page, limit, offset: (page - 1) * limit };
}

/** Reads ?page and ?limit alone (routes with more parameters spread PAGE_QUERY into their struct). */
export function parsePage(query: Record<string, string | undefined>): PageRequest {
  return pageRequest(parseQuery(query, object(PAGE_QUERY)));
}

export function paginationOf(request: PageRequest, total: number): Pagination {
  return {
    page: request.page,
    limit: request.limit,
    total,
    total_pages: Math.ceil(total / request.limit),
  };
}
