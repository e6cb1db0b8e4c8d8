/**
 * The restock island's props from a product page's template data: the very data the plain
 * `product-restock-notification` widget prints (templates' `restockNotificationsData`), the
 * website's captcha site key and double opt-in setting, and a plain post's outcome for this product.
 */
import { asString, restockNotificationsData, type Scope, walk } from '../../templates/index'
import { PAGE_ACTION_DATA_KEY, pageActionOf } from '../page-action'
import type { RestockNotificationProps } from './view'

/** The props, or null when the product has no restock views (nothing is printed). */
export function restockNotificationProps(item: unknown, scope: Scope): RestockNotificationProps | null {
  const views = restockNotificationsData(item, scope)
  const first = views[0]
  if (first === undefined) return null
  const website = scope.resolveOuter(['website'])
  const siteKey = asString(walk(website, ['captchaSettings', 'siteKey']))
  const action = pageActionOf(scope.resolve([PAGE_ACTION_DATA_KEY]), 'restock')
  const posted =
    action !== null &&
    action.productId === first.productId &&
    views.some((view) => view.variantId === action.variantId)
      ? action
      : null
  // One form for every view: it opens on the posted variant, else the one shown without a choice.
  const shown = views.find((view) => !view.hidden)
  return {
    productId: first.productId,
    variantIds: views.map((view) => view.variantId),
    variantId: posted?.variantId ?? shown?.variantId ?? first.variantId,
    hidden: posted === null && shown === undefined,
    ctaText: first.ctaText,
    placeholderText: first.placeholderText,
    buttonText: first.buttonText,
    mailingList: first.mailingList === null ? null : { ...first.mailingList },
    captchaSiteKey: first.captcha && siteKey !== '' ? siteKey : null,
    // On unless the website says `false` (worker/catalogue/records.ts `doubleOptIn`).
    doubleOptIn: walk(website, ['doubleOptIn']) !== false,
    initial:
      posted !== null
        ? {
            variantId: posted.variantId,
            email: posted.email,
            message: posted.message,
            submitted: posted.submitted,
          }
        : null,
  }
}
