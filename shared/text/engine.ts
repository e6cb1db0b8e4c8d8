/**
 * Text of the page screens every tenant has: not found, a page that failed, the lock and member
 * screens (platform.md section 1). The engine's own messages (expressions, formatters, helpers
 * such as 'Invalid date.') are the engine's error catalogue: `templates/errors.ts` and the
 * plugins' message modules.
 */
export const ENGINE_TEXT = {
  pageFailedTitle: 'This page could not be loaded',
  pageFailedMessage: 'Something went wrong on our side. Please try again in a few minutes.',
  notFoundTitle: 'Page not found',
  notFoundMessage: 'We couldn’t find the page you were looking for.',
  notFoundHomeLink: 'Return to the home page',
  lockScreenTitle: 'This page is locked',
  memberAreaTitle: 'This page available only site members',
} as const
