// English texts of sign-up, forgot password and reset password (docs/product.md#screens, #input-rules, #messages), word for word
// as there. The sign-in page's own texts are in ./signIn (its bundle carries only those).

export const AUTH_TEXTS = {
  signUpTitle: 'Sign Up',
  signUpLead: 'Create an account. An administrator verifies it before you can sign in.',
  signUpForm: 'Sign up',
  name: 'Name',
  confirmPassword: 'Confirm Password',
  strength: 'Password strength',
  strengthLine: 'Password strength:',
  signUpButton: 'Sign Up',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign in',
  redirecting: 'Redirecting to sign in...',
  forgotTitle: 'Forgot Password',
  forgotLead: 'Enter your email and we will send you a link to set a new password.',
  forgotForm: 'Forgot password',
  sendLink: 'Send Reset Link',
  backToSignIn: 'Back to Sign In',
  resetTitle: 'Reset Password',
  resetLead: 'Choose a new password of at least 8 characters.',
  resetForm: 'Reset password',
  resetIncomplete: 'This reset link is incomplete. Please request a new one.',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  resetButton: 'Reset Password',
  requestNewLink: 'Request a new link',
  Weak: 'Weak',
  Fair: 'Fair',
  Good: 'Good',
  Strong: 'Strong',
} as const;

/** docs/product.md#messages "Sign up": the default success message (the server, the client and the auth flow use this one). */
export { SIGN_UP_SUCCESS } from './signUpSuccess';
