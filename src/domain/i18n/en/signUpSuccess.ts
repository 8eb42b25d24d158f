// docs/product.md#messages "Sign up": the default success message, written once. The server's answer, the auth
// machine's fallback and the sign-up page use this one. A file of its own so the auth machine
// (on the /signin path) does not pull the sign-up page's texts into the sign-in bundle.
export const SIGN_UP_SUCCESS = 'Registration successful. Please wait for admin verification.';
