import { SIGN_UP_SUCCESS } from '../../domain/i18n/en/signUpSuccess';
import { ACCOUNT_MESSAGES } from '../../domain/validation/accountMessages';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginSuccess: 'Login successful',
  registered: SIGN_UP_SUCCESS,
  registeredByAdmin: 'User created successfully.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: ACCOUNT_MESSAGES.USERNAME_TAKEN,
  loggedOut: 'Logged out successfully',
  loggedOutAll: 'Logged out from all devices',
  refreshed: 'Token refreshed',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
} as const;
