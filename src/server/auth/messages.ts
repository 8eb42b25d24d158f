export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  loginSuccess: 'Login successful',
  registered: 'Registration successful. Please wait for admin verification.',
  registeredByAdmin: 'User created successfully.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'This username is already taken.',
  loggedOut: 'Logged out successfully',
  loggedOutAll: 'Logged out from all devices',
  refreshed: 'Token refreshed',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
} as const;
