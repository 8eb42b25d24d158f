// The sign-in screen's texts (docs/product.md#messages "Sign in"), apart from the other screens' so that the
// shell can word a failed sign-in without loading every table (./messages re-exports these).

export type StatusMessages = Readonly<Partial<Record<number, string>>>;

export const SIGN_IN_MESSAGES: StatusMessages = Object.freeze({
  401: 'Invalid email or password. Please try again.',
  403: 'Your account is pending verification. Please contact an administrator.',
});
export const SIGN_IN_DEFAULT_ERROR = 'An unexpected error occurred. Please try again.';
