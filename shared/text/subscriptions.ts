/**
 * Text of double opt-in (issue 18): the confirmation emails of newsletter and restock sign-ups,
 * and the confirmation page their link opens. The spec has none of these words; they are ours,
 * worded to say what happened and what to do. `{site}` is the site's title, `{email}` the
 * address, `{product}` the product's title, `{link}` the confirmation link.
 */
export const SUBSCRIPTIONS_TEXT = {
  /** The page the link opens: it asks, and a button confirms (a mail scanner's visit confirms nothing). */
  confirmTitle: 'Confirm your email address',
  confirmRestock: 'Confirm that we may email {email} when {product} is back in stock.',
  confirmNewsletter: 'Confirm that {email} should receive the newsletter of {site}.',
  confirmButton: 'Confirm',
  /** After the button. */
  confirmedTitle: 'Email address confirmed',
  confirmedRestock: 'Thank you! We will email you when {product} is back in stock.',
  confirmedNewsletter: 'Thank you! You will receive the newsletter of {site}.',
  /** A link with a token we never gave out, or a token cut short. */
  invalidTitle: 'This link does not work',
  invalidLink: 'This confirmation link is not valid. Open the link from the email again, or sign up again.',
  /** A token past its 7 days. */
  expiredTitle: 'This link has expired',
  expiredLink: 'This confirmation link has expired. Sign up again to get a new one.',
  homeLink: 'Go to the home page',
  /** When the product is gone from the store. */
  unknownProduct: 'this product',
  /** The confirmation emails (plain text). */
  restockEmailSubject: 'Confirm your back-in-stock email for {product}',
  restockEmailBody:
    'Someone, hopefully you, asked {site} to email {email} when {product} is back in stock.\n\nTo confirm, open this link and press Confirm:\n{link}\n\nThe link works for 7 days. If it was not you, ignore this email: nothing more will be sent.',
  newsletterEmailSubject: 'Confirm your subscription to {site}',
  newsletterEmailBody:
    'Someone, hopefully you, asked to receive the newsletter of {site} at {email}.\n\nTo confirm, open this link and press Confirm:\n{link}\n\nThe link works for 7 days. If it was not you, ignore this email: nothing more will be sent.',
} as const
