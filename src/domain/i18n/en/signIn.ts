// English texts of /signin (docs/product.md#screens, #input-rules), apart from the other auth pages' so the first page a
// guest loads carries only these. The other auth pages use the field labels from here too.

export const SIGN_IN_TEXTS = {
  signInTitle: 'Sign In',
  signInLead: 'Sign in to continue to Dashboard Invoice.',
  signInForm: 'Sign in',
  signInButton: 'Sign In',
  email: 'Email',
  password: 'Password',
  forgotLink: 'Forgot Password?',
  noAccount: "Don't have an account?",
  signUpLink: 'Sign up',
  // Too many attempts (429): the wait the server sends in Retry-After, and a way out (issue 26).
  tooManySignIns: 'Too many sign-in attempts.',
  tooManyResets: 'Too many reset requests for this address.',
  tryAgainSeconds: 'Try again in {count} seconds.',
  tryAgainSecond: 'Try again in 1 second.',
  tryAgainMinutes: 'Try again in {count} minutes.',
  tryAgainMinute: 'Try again in 1 minute.',
  resetPasswordLink: 'Reset your password',
} as const;
