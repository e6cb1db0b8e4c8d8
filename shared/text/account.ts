/**
 * Text of site-user sign-in, member-only pages and locked pages (storefront.md sections 4, 6 and
 * 8; platform.md section 1). The two screen titles are the spec's ('This page is locked',
 * 'This page available only site members') and stay in the engine catalogue where the screens
 * were named first (`ENGINE_TEXT.lockScreenTitle`, `ENGINE_TEXT.memberAreaTitle`); the rest is
 * ours, worded to say what happened and what to do.
 */
export const ACCOUNT_TEXT = {
  /** The member sign-in form. */
  memberSignInIntro: 'Sign in with a member account to read {title}.',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  rememberMeLabel: 'Keep me signed in',
  signInButton: 'Sign in',
  signingIn: 'Signing in…',
  signedInAs: 'Signed in as {email}',
  signOutButton: 'Sign out',
  signingOut: 'Signing out…',
  /** A signed-in site user the page's settings do not let in. */
  memberNotAllowed: 'Your account does not have access to this page.',
  /** Sign-in answers. */
  wrongCredentials: 'The email or password is incorrect. Please try again.',
  /** HTTP 429 on sign-in and page passwords (per visitor and per account or page). */
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  /** Session-protected calls. */
  signInRequired: 'Please sign in to continue.',
  xsrfMissing: 'Your session could not be verified. Please reload the page and try again.',
  roleMissing: 'Your account does not have permission to do this.',
  signInFailed: 'Signing in did not work. Please try again.',
  /** The lock screen. */
  unlockButton: 'Unlock',
  wrongPagePassword: 'That password is not correct. Please try again.',
} as const
