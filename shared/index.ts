/**
 * The rules the storefront applies on both sides, the worker and the browser's islands: money
 * display, product status and variant matching, escaping, the platform's constants and the
 * shopper text catalogues. This is one of the two doors into `templates/` (the other is
 * `index.ts`, the engine): `worker/` and `islands/` import nothing else from here (Biome's
 * `noRestrictedImports` in biome.json enforces it). Everything is plain functions over plain
 * data, safe to bundle for the browser.
 */

export { API } from './api-routes'
export type {
  ApiAnswerOf,
  ApiBody,
  ApiMethod,
  ApiParamNames,
  ApiQuery,
  ApiRoute,
} from './api-types'
export { BoundedCache } from './bounded-cache'
export {
  checkAddToCart,
  checkEntryQuantity,
  isAlwaysInStock,
  isCartInstallmentEligible,
  parseQuantity,
  type RuleProduct,
  type RuleVariant,
  unselectedOptionsError,
  variantForChoice,
} from './cart/rules'
export * from './cart/types'
export {
  type CheckoutField,
  type CheckoutValues,
  cardDigits,
  checkoutValuesOf,
  isShippingCountry,
  SHIPPING_COUNTRIES,
  US_AND_TERRITORIES,
  validateCheckout,
} from './checkout'
export { dateFormat } from './date-formats'
export * from './editing/index'
export * from './enumerations'
export * from './feature-flags'
export {
  type AdditionalFieldsForm,
  cleanAdditionalFields,
  parseFieldValues,
  validateAdditionalFields,
} from './forms/additional-fields'
export {
  controlName,
  FORM_FIELD_TYPES,
  type FormFieldDefinition,
  LIKERT_ANSWERS,
  shownParts,
} from './forms/fields'
export {
  captchaError,
  characterCount,
  characterCounter,
  type FieldErrors,
  restockSignUpError,
  validateFormValues,
} from './forms/validate'
export {
  type FieldValue,
  type FormValues,
  gatherFormValues,
  type ReadControl,
  readSubmittedValues,
} from './forms/values'
export { srcsetOf } from './images'
export {
  CURRENCIES,
  currencyTemplate,
  formatCldrMoney,
  formatLegacyMoney,
  formatMoney,
  isDecimalString,
  type Money,
  minorUnitsOf,
  moneyFromMinorUnits,
  productMoneyAmount,
  readMoney,
} from './money'
export * from './page-types'
export {
  cartQuantityText,
  findVariant,
  fromPriceMoney,
  isSubscribable,
  isVariantInStock,
  notForSaleKind,
  productTypeOf,
  soldOutText,
  subscriptionPriceText,
  variantsOf,
} from './products'
export { escapeHtml, escapeHtmlAttribute, jsonAttribute, plainText } from './strings'
export * from './text/index'
export * from './visit-cookies'
