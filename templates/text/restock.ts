/** Shopper text of the back-in-stock sign-up (storefront.md sections 3, 5 and 8). */
import { FORMS_TEXT } from './forms'

export const RESTOCK_TEXT = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  captchaRequired: FORMS_TEXT.captchaRequired,
} as const

export type RestockTextName = keyof typeof RESTOCK_TEXT
