// The account screens' validation texts (English, docs/product.md#input-rules and #messages): what sign-in, sign-up, the
// password reset and the user forms check. Apart from the billing texts and from the settings
// texts (./settingsMessages) so that the sign-in bundle carries only these; VALIDATION_MESSAGES in
// ./messages holds them all.

export const ACCOUNT_MESSAGES = {
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email address',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_MIN_6: 'Password must be at least 6 characters',
  PASSWORD_MIN_8: 'Password must be at least 8 characters',
  PASSWORD_MAX: 'Password must be at most 128 characters',
  CONFIRM_PASSWORD_REQUIRED: 'Please confirm your password',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  NAME_REQUIRED: 'Name is required',
  NAME_MIN: 'Name must be at least 2 characters',
  NAME_MAX: 'Name must be at most 100 characters',
  USERNAME_REQUIRED: 'Username is required',
  USERNAME_MIN: 'Username must be at least 3 characters',
  USERNAME_MAX: 'Username must be at most 50 characters',
  USERNAME_INVALID: 'Username must not contain spaces',
  USERNAME_FORMAT: 'Username may contain only letters, digits, dots, dashes and underscores',
  USERNAME_TAKEN: 'This username is already taken.',
  ROLE_REQUIRED: 'Role is required',
  ROLE_INVALID: 'Role must be admin or staff',
  IS_VERIFIED_INVALID: 'is_verified must be true or false',
  RESET_TOKEN_REQUIRED: 'Reset token is missing or invalid',
  NOTES_INVALID: 'Notes must be text of at most 1000 characters',
} as const;
