/**
 * The shopper text catalogues, one module per area, each entry with a stable name. Worker,
 * templates and islands import the texts from here; a spec sentence written as a literal
 * anywhere else in the application fails `tests/worker/text-catalogue.test.ts`.
 */
export { CART_TEXT, type CartTextName } from './cart'
export {
  COMMERCE_OVERRIDE_KEYS,
  COMMERCE_TEXT,
  type CommerceTextName,
  selectOptionsMessage,
} from './commerce'
export { ENGINE_TEXT, type EngineTextName } from './engine'
export { type Catalogue, fillText, localizeCatalogue } from './format'
export { FORMS_TEXT, type FormsTextName } from './forms'
export { GALLERY_TEXT } from './gallery'
export { INSTALLMENTS_TEXT, type InstallmentsTextName } from './installments'
export { RESTOCK_TEXT, type RestockTextName } from './restock'
export { REVIEWS_TEXT, type ReviewsTextName } from './reviews'
