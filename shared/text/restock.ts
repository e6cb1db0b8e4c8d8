/** Shopper text of the back-in-stock sign-up (storefront.md sections 3, 5 and 8). */
import { FORMS_TEXT } from './forms'

export const RESTOCK_TEXT = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaRequired: FORMS_TEXT.captchaRequired,
  /** After a sign-up is stored (the spec shows a success message without its words). */
  signedUp: 'Thank you! We will email you when this product is back in stock.',
  /** The same with double opt-in on (issue 18): the address is confirmed first. */
  signedUpConfirm:
    'Thank you! Check your inbox: we have sent you a link to confirm your email address. Once it is confirmed, we will email you when this product is back in stock.',
  /** The email input's accessible name when the merchant's placeholder is empty. */
  emailLabel: 'Email Address',
  submitting: FORMS_TEXT.submitting,
  /** The server's message for a product, variant or store that takes no sign-ups. */
  unknownVariant: 'Back-in-stock emails are not available for this item.',
  /** The notification email (the owner's send): `{product}` its title, `{url}` its page. */
  notificationSubject: '{product} is back in stock',
  notificationBody: '{product} is back in stock: {url}',
} as const
