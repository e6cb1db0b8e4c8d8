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
  ApiRouteName,
  ApiRoutes,
} from './api-types'
export {
  type AddCheck,
  availableUnits,
  checkAddToCart,
  checkEntryQuantity,
  isAlwaysInStock,
  isCartInstallmentEligible,
  parseQuantity,
  type RuleFailure,
  type RuleProduct,
  type RuleVariant,
  unselectedOptionsError,
  variantForChoice,
} from './cart/rules'
export * from './cart/types'
export {
  CHECKOUT_FIELDS,
  type CheckoutField,
  type CheckoutValues,
  cardDigits,
  checkoutValuesOf,
  SHIPPING_COUNTRIES,
  validateCheckout,
} from './checkout'
export * from './enumerations'
export {
  type AdditionalFieldsForm,
  cleanAdditionalFields,
  parseFieldValues,
  validateAdditionalFields,
} from './forms/additional-fields'
export {
  controlName,
  FIELD_PARTS,
  FORM_FIELD_TYPES,
  type FormFieldDefinition,
  type FormFieldType,
  isMultiPart,
  LIKERT_ANSWERS,
  type MultiPartType,
  shownParts,
  valueFields,
} from './forms/fields'
export {
  captchaError,
  characterCount,
  characterCounter,
  EMAIL_LENGTH,
  type FieldErrors,
  fieldError,
  isEmailAddress,
  restockSignUpError,
  validateFormValues,
} from './forms/validate'
export {
  type FieldValue,
  type FormValues,
  gatherFormValues,
  type ReadControl,
  type ReadQuery,
  readSubmittedValues,
} from './forms/values'
export {
  currencyFractionDigits,
  currencyTemplate,
  formatCldrMoney,
  formatLegacyMoney,
  formatMoney,
  isDecimalString,
  type Money,
  minorUnitsOf,
  moneyFromMinorUnits,
  readMoney,
} from './money'
export {
  cartQuantity,
  cartQuantityText,
  findVariant,
  fromPriceMoney,
  hasVariants,
  isOnSale,
  isQuantityInputShown,
  isSoldOut,
  isSubscribable,
  isVariantInStock,
  type MoneyData,
  productTypeOf,
  saleText,
  soldOutText,
  subscriptionPriceText,
  totalStockRemaining,
  variantsOf,
} from './products'
export { escapeHtml, escapeHtmlAttribute, plainText, stripTags } from './strings'
export * from './text/index'
export * from './visit-cookies'
