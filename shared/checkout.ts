/**
 * The checkout form's rules, applied by the checkout island before the form leaves and by the
 * worker when it arrives: email (storefront.md section 5: 3 to 256 characters of a simple
 * pattern, the public forms' sentence), a shipping address, and for the local test payment
 * provider a card number.
 */
import { EMAIL_LENGTH } from './enumerations'
import { CART_TEXT } from './text/cart'
import { FORMS_TEXT } from './text/forms'

export const CHECKOUT_FIELDS = [
  'email',
  'name',
  'address1',
  'address2',
  'city',
  'region',
  'postalCode',
  'country',
  'card',
] as const
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number]
export type CheckoutValues = Readonly<Record<CheckoutField, string>>

/**
 * The United States and its territories (storefront.md section 9: "US and territories: US, PR,
 * GU, VI, MP, AS, UM"): each territory has its own ISO code, so a shopper there picks it by name
 * and a store's shipping zone names it (or not) on its own; installments treat them as the US.
 */
export const US_AND_TERRITORIES = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'] as const

/** Countries the checkout offers (ISO 3166 codes), in the order the select lists them. */
export const SHIPPING_COUNTRIES = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['JP', 'Japan'],
  ['GB', 'United Kingdom'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['PR', 'Puerto Rico'],
  ['GU', 'Guam'],
  ['VI', 'U.S. Virgin Islands'],
  ['MP', 'Northern Mariana Islands'],
  ['AS', 'American Samoa'],
  ['UM', 'U.S. Outlying Islands'],
] as const

/** Whether `code` is a country of that list (the checkout's and the cart's location check). */
export function isShippingCountry(code: string): boolean {
  return SHIPPING_COUNTRIES.some(([known]) => known === code)
}

const OPTIONAL: ReadonlySet<CheckoutField> = new Set(['address2', 'region'])
const MAX_LENGTH = 200
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The card number's digits (spaces and dashes as people type them are ignored). */
export function cardDigits(card: string): string {
  return card.replace(/[\s-]/g, '')
}

/** Every value of the form, missing ones as ''. */
export function checkoutValuesOf(raw: Readonly<Record<string, unknown>>): CheckoutValues {
  const out = {} as Record<CheckoutField, string>
  for (const field of CHECKOUT_FIELDS) {
    const value = raw[field]
    out[field] = typeof value === 'string' ? value.trim() : ''
  }
  return out
}

/**
 * Field → message for every field that fails; empty when the form can go. `card` is checked
 * only when the payment provider takes the card number in our form (the local test provider).
 */
export function validateCheckout(
  values: CheckoutValues,
  options: { cardInForm: boolean },
): Partial<Record<CheckoutField, string>> {
  const errors: Partial<Record<CheckoutField, string>> = {}
  for (const field of CHECKOUT_FIELDS) {
    const value = values[field]
    if (field === 'card' && !options.cardInForm) continue
    if (value === '') {
      if (!OPTIONAL.has(field)) errors[field] = FORMS_TEXT.required
      continue
    }
    if (value.length > MAX_LENGTH) errors[field] = CART_TEXT.fieldTooLong.replace('{max}', String(MAX_LENGTH))
  }
  const email = values.email
  if (
    email !== '' &&
    (email.length < EMAIL_LENGTH.min || email.length > EMAIL_LENGTH.max || !EMAIL_PATTERN.test(email))
  )
    errors.email = FORMS_TEXT.emailInvalid.replace('{email}', FORMS_TEXT.emailExample)
  if (values.country !== '' && !isShippingCountry(values.country)) errors.country = CART_TEXT.countryInvalid
  if (options.cardInForm && values.card !== '' && !/^\d{12,19}$/.test(cardDigits(values.card)))
    errors.card = CART_TEXT.cardInvalid
  return errors
}
