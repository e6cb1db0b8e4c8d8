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
  const posted = pageActionOf(scope.resolve([PAGE_ACTION_DATA_KEY]), 'restock')
  return {
    productId: first.productId,
    views: views.map((view) => ({ variantId: view.variantId, hidden: view.hidden })),
    ctaText: first.ctaText,
    placeholderText: first.placeholderText,
    buttonText: first.buttonText,
    mailingList: first.mailingList === null ? null : { ...first.mailingList },
    captchaSiteKey: first.captcha && siteKey !== '' ? siteKey : null,
    // On unless the website says `false` (worker/catalogue/records.ts `doubleOptIn`).
    doubleOptIn: walk(website, ['doubleOptIn']) !== false,
    initial:
      posted !== null && posted.productId === first.productId
        ? {
            variantId: posted.variantId,
            email: posted.email,
            message: posted.message,
            submitted: posted.submitted,
          }
        : null,
  }
}
