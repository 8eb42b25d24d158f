// The notice texts of docs/product.md#messages for failed calls, apart from the classification (./errors) so the
// shell can word a failure before the http client has loaded.

export const NOTICE_TEXTS = {
  sessionExpiredTitle: 'Session Expired',
  sessionExpired: 'Your session has expired. Redirecting to sign in...',
  accessDeniedTitle: 'Access Denied',
  accessDenied: 'You do not have permission to perform this action.',
  invalidInputTitle: 'Invalid Input',
  tooManyRequests: 'Too many requests. Please wait a moment before trying again.',
  maintenance: 'The system is temporarily unavailable for maintenance.',
  server: 'Something went wrong on our end. Please try again later.',
  backendDown: 'Unable to connect to the server. The backend service may be down.',
  networkFailed: 'Network connection failed. Please check your internet connection.',
  networkNormalised: 'Network error. Please check your connection.',
  timeout: 'Request timed out. Please try again.',
  offlineTitle: 'Connection Lost',
  offline: 'You are currently offline. Some features may not work properly.',
  defaultMessage: 'An unexpected error occurred.',
  defaultTitle: 'An error occurred',
  resourceNotFound: 'Resource not found',
} as const;
