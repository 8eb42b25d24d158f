// The browser-side check of an avatar before upload (docs/product.md#input-rules "Profile image"); the server
// checks the bytes themselves.
import { LIMITS } from '../constants';
import { VALIDATION_MESSAGES as M } from './messages';

export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** null when the file may be uploaded, else the message of docs/product.md#input-rules. */
export function profileImageError(file: { type: string; size: number }): string | null {
  const typeOk = (PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return typeOk && file.size > 0 && file.size <= LIMITS.profileImageBytes
    ? null
    : M.PROFILE_IMAGE_INVALID;
}
