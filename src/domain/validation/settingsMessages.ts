// The settings screens' validation texts (English, docs/product.md#input-rules and #messages): change password, profile and
// profile picture, and the request-body check the server shares. Not on the sign-in path (see
// ./accountMessages); VALIDATION_MESSAGES in ./messages holds them with the others.

export const SETTINGS_MESSAGES = {
  CURRENT_PASSWORD_REQUIRED: 'Current password is required',
  NEW_PASSWORD_REQUIRED: 'New password is required',
  NEW_PASSWORD_MIN: 'New password must be at least 8 characters',
  NEW_PASSWORD_SAME: 'New password must be different from current password',
  PROFILE_NO_CHANGES: 'No changes detected. Please modify your profile information.',
  PROFILE_IMAGE_INVALID:
    'Invalid file. Please select a valid image file (JPEG, PNG, GIF, WebP) under 5MB.',
  BODY_NOT_OBJECT: 'Request body must be a JSON object',
} as const;
