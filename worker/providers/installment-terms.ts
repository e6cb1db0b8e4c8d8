/**
 * The installment provider's own terms page (storefront.md section 7: "GET the installment
 * provider's static modal page", by locale, "shown in the dialog"). The product page's dialog
 * (islands/installment-teaser) always asks our worker at `INSTALLMENT_MODAL_PATH/<locale>`
 * (worker/routes/installment-modal.ts), which answers with the provider this deployment uses:
 *
 * - `local` (development and tests): a stand-in for the provider's page, one per locale in that
 *   locale's language (the provider's words, in its colours, never ours), served offline by
 *   this Worker's static assets (`public/_installments/local/<locale>.html`: kept out of the
 *   worker bundle, whose size has a budget).
 * - `afterpay`: Afterpay's static modal page for the locale; the sites that show installments
 *   allow its origin in their Content-Security-Policy (middleware/secure-headers.ts).
 *
 * Either way the route redirects to the provider's page.
 *
 * `INSTALLMENTS_PROVIDER` in wrangler.toml picks one (docs/deployment.md, "Configuration").
 */
import { FEATURE_FLAG, hasFeatureFlag, INSTALLMENT_COUNTRIES, INSTALLMENT_LOCALES } from '../../shared/index'
import type { Site } from '../catalogue/records'
import type { Env } from '../env'

/**
 * Whether a site shows installments at all: the installment payments feature flag (64) and its
 * store's offer. Sites that do have a provider page, and allow the provider in their policy.
 */
export function installmentsShown(site: Site | undefined): boolean {
  return (
    hasFeatureFlag(site?.website.featureFlags, FEATURE_FLAG.AFTERPAY) &&
    site?.storeSettings?.installments?.enabled === true
  )
}

/** A provider locale as the dialog asks for it: language and country, `en-US`, `fr-CA`. */
export type InstallmentLocale = `${string}-${(typeof INSTALLMENT_COUNTRIES)[number]}`

/** The locales a provider page exists for (storefront.md section 9: US en, CA en or fr, AU en, NZ en). */
export const INSTALLMENT_PAGE_LOCALES: readonly InstallmentLocale[] = INSTALLMENT_COUNTRIES.flatMap(
  (country) => INSTALLMENT_LOCALES[country].map((language): InstallmentLocale => `${language}-${country}`),
)

export function isInstallmentLocale(locale: string): locale is InstallmentLocale {
  return (INSTALLMENT_PAGE_LOCALES as readonly string[]).includes(locale)
}

export interface InstallmentTermsProvider {
  readonly name: string
  /** The address of the provider's page for a locale: a path on the site's own host, or a URL. */
  pageUrl(locale: InstallmentLocale): string
}

/** Afterpay's static modal pages: `en_US.html`, `fr_CA.html`, ... */
export const AFTERPAY_ORIGIN = 'https://static.afterpay.com'

export const afterpayTerms: InstallmentTermsProvider = {
  name: 'afterpay',
  pageUrl: (locale) => `${AFTERPAY_ORIGIN}/modal/${locale.replace('-', '_')}.html`,
}

/** The local stand-in pages (static assets; the asset router serves `<locale>.html` at `<locale>`). */
export const LOCAL_TERMS_PATH = '/_installments/local'

export const localTerms: InstallmentTermsProvider = {
  name: 'local',
  pageUrl: (locale) => `${LOCAL_TERMS_PATH}/${locale}`,
}

/** The provider `INSTALLMENTS_PROVIDER` names; a misconfiguration says how to fix it. */
export function installmentTermsProvider(env: Pick<Env, 'INSTALLMENTS_PROVIDER'>): InstallmentTermsProvider {
  const provider = env.INSTALLMENTS_PROVIDER ?? 'local'
  if (provider === 'local') return localTerms
  if (provider === 'afterpay') return afterpayTerms
  throw new Error(`INSTALLMENTS_PROVIDER must be "local" or "afterpay", not "${provider}"`)
}
