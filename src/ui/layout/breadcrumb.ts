// Breadcrumb of docs/product.md#screens Layout: 'Home / <page name>'. The page name is the route's title, the
// same one the page heading, the sidebar and the document title use; a path without a route
// (a 404) shows its first segment capitalised instead, so the trail still says where one is.
import { findRoute, routeTitle } from '../../domain/users/menu';

export interface Breadcrumb {
  /** The route title ('Page Not Found' for unknown paths), as in the document title. */
  pageName: string;
  /** The crumb after 'Home': the route title, else the first path segment capitalised; '' for '/'. */
  current: string;
}

export function breadcrumbFor(location: string): Breadcrumb {
  const pathname = location.split(/[?#]/)[0];
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return {
    pageName: routeTitle(pathname),
    current: first ? (findRoute(pathname)?.title ?? capitalise(first)) : '',
  };
}

/** 'user-management' → 'User Management'. */
function capitalise(segment: string): string {
  return decodeSegment(segment)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
