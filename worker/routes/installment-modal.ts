/**
 * `GET /_installments/modal/<locale>`: the installment provider's static modal page for a
 * locale (storefront.md section 7), which the product page's installment dialog shows
 * (islands/installment-teaser). A redirect to the page of the provider the deployment
 * configures (worker/providers/installment-terms.ts): the local stand-in among this Worker's
 * static assets, or the real provider's page. Only sites that show installments (feature flag
 * 64 and the store's offer) have one; anything else is a 404, as is a locale the spec gives no
 * page for.
 */
import { INSTALLMENT_MODAL_PATH } from '../../islands/index'
import { ENGINE_TEXT } from '../../shared/index'
import type { AppEnv } from '../env'
import { Hono } from '../http/hono'
import { plainHtmlResponse } from '../http/plain-pages'
import {
  installmentsShown,
  installmentTermsProvider,
  isInstallmentLocale,
} from '../providers/installment-terms'

/** The provider's pages change with its terms, not per shopper: any cache may keep the answer a day. */
const CACHE_CONTROL = 'public, max-age=86400'

export const installmentModalRoutes = new Hono<AppEnv>()

installmentModalRoutes.get(`${INSTALLMENT_MODAL_PATH}/:locale`, function showInstallmentModal(c) {
  const locale = c.req.param('locale')
  if (!installmentsShown(c.get('tenant').site) || !isInstallmentLocale(locale)) {
    return plainHtmlResponse(404, ENGINE_TEXT.notFoundTitle, ENGINE_TEXT.notFoundMessage)
  }
  const location = installmentTermsProvider(c.env).pageUrl(locale)
  return new Response(null, { status: 302, headers: { location, 'cache-control': CACHE_CONTROL } })
})
