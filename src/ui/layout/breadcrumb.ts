// Breadcrumb of spec §2 Layout: the page name plus the first path segment capitalised.
import { routeTitle } from '../../domain/menu';

export interface Breadcrumb {
  pageName: string;
  /** '/user-management/x' → 'User Management'; '' for '/'. */
  segment: string;
}

export function breadcrumbFor(pathname: string): Breadcrumb {
  const first = pathname.split(/[?#]/)[0].split('/').filter(Boolean)[0] ?? '';
  const segment = decodeSegment(first)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return { pageName: routeTitle(pathname), segment };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
