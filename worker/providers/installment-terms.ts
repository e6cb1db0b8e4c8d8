/**
 * The installment provider's own terms page (storefront.md section 7: "GET the installment
 * provider's static modal page", by locale, "shown in the dialog"). The product page's dialog
 * (islands/installment-teaser) always asks our worker at `INSTALLMENT_MODAL_PATH/<locale>`
 * (worker/routes/installment-modal.ts), which answers with the provider this deployment uses:
 *
 * - `local` (development and tests): a stand-in for the provider's page, served by us offline,
 *   one per locale in that locale's language (the provider's words, in its colours, never ours).
 * - `afterpay`: a redirect to Afterpay's static modal page for the locale; the sites that show
 *   installments allow its origin in their Content-Security-Policy (middleware/secure-headers.ts).
 *
 * `INSTALLMENTS_PROVIDER` in wrangler.toml picks one (docs/deployment.md, "Configuration").
 */
import {
  escapeHtml,
  FEATURE_FLAG,
  hasFeatureFlag,
  INSTALLMENT_COUNTRIES,
  INSTALLMENT_LOCALES,
} from '../../shared/index'
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

/** Where the dialog's page comes from: our own answer (local) or the provider's address. */
export type InstallmentTermsPage = { kind: 'html'; html: string } | { kind: 'redirect'; url: string }

export interface InstallmentTermsProvider {
  readonly name: string
  page(locale: InstallmentLocale): InstallmentTermsPage
}

/** Afterpay's static modal pages: `en_US.html`, `fr_CA.html`, ... */
export const AFTERPAY_ORIGIN = 'https://static.afterpay.com'

export const afterpayTerms: InstallmentTermsProvider = {
  name: 'afterpay',
  page: (locale) => ({ kind: 'redirect', url: `${AFTERPAY_ORIGIN}/modal/${locale.replace('-', '_')}.html` }),
}

/** One locale's stand-in page: the provider's words in that locale's language. */
interface LocalTermsCopy {
  lang: string
  title: string
  tagline: string
  steps: readonly [string, string, string, string]
  terms: string
  termsLink: string
  termsUrl: string
  note: string
}

const EN_STEPS = [
  'Add your favourites to your cart',
  'Select Afterpay at checkout',
  'Log in or create your Afterpay account, with an instant approval decision',
  'Your purchase is split into 4 payments, due every 2 weeks',
] as const

const EN_NOTE =
  'Local stand-in for Afterpay\'s own page, served offline by this development setup (INSTALLMENTS_PROVIDER = "local").'

/** The provider's copy per locale (our paraphrase of a provider page; tests read the titles). */
export const LOCAL_TERMS_COPY: Readonly<Record<string, LocalTermsCopy>> = {
  'en-US': {
    lang: 'en-US',
    title: 'Shop now. Pay later. Always interest-free.',
    tagline: 'Pay in 4 interest-free installments with Afterpay.',
    steps: EN_STEPS,
    terms:
      'You must be over 18, a resident of the U.S. and meet additional eligibility criteria to qualify. Late fees may apply. Estimated payment amounts shown on product pages exclude taxes and shipping charges, which are added at checkout.',
    termsLink: 'Full terms (U.S.)',
    termsUrl: 'https://www.afterpay.com/en-US/installment-agreement',
    note: EN_NOTE,
  },
  'en-CA': {
    lang: 'en-CA',
    title: 'Shop now. Pay later. Always interest-free.',
    tagline: 'Pay in 4 interest-free instalments with Afterpay.',
    steps: EN_STEPS,
    terms:
      'You must be at least the age of majority in your province or territory, a resident of Canada and meet additional eligibility criteria to qualify. Late fees may apply. Payment amounts shown exclude taxes and shipping, added at checkout.',
    termsLink: 'Full terms (Canada)',
    termsUrl: 'https://www.afterpay.com/en-CA/instalment-agreement',
    note: EN_NOTE,
  },
  'fr-CA': {
    lang: 'fr-CA',
    title: 'Achetez maintenant. Payez plus tard. Toujours sans intérêt.',
    tagline: 'Payez en 4 versements sans intérêt avec Afterpay.',
    steps: [
      'Ajoutez vos articles préférés à votre panier',
      'Choisissez Afterpay au moment de payer',
      'Connectez-vous ou créez votre compte Afterpay, avec une décision d’approbation immédiate',
      'Votre achat est divisé en 4 paiements, dus toutes les 2 semaines',
    ],
    terms:
      'Vous devez avoir atteint l’âge de la majorité dans votre province ou territoire, résider au Canada et répondre à d’autres critères d’admissibilité. Des frais de retard peuvent s’appliquer. Les montants affichés excluent les taxes et la livraison, ajoutées au moment de payer.',
    termsLink: 'Conditions complètes (Canada)',
    termsUrl: 'https://www.afterpay.com/fr-CA/instalment-agreement',
    note: 'Page de remplacement locale de la page d’Afterpay, servie hors ligne par cette installation de développement (INSTALLMENTS_PROVIDER = "local").',
  },
  'en-AU': {
    lang: 'en-AU',
    title: 'Shop now. Pay later. Always interest-free.',
    tagline: 'Pay in 4 interest-free instalments with Afterpay.',
    steps: EN_STEPS,
    terms:
      'You must be over 18, a resident of Australia and meet additional eligibility criteria to qualify. Late fees apply. Payment amounts shown exclude delivery, added at checkout.',
    termsLink: 'Full terms (Australia)',
    termsUrl: 'https://www.afterpay.com/en-AU/terms-of-service',
    note: EN_NOTE,
  },
  'en-NZ': {
    lang: 'en-NZ',
    title: 'Shop now. Pay later. Always interest-free.',
    tagline: 'Pay in 4 interest-free instalments with Afterpay.',
    steps: EN_STEPS,
    terms:
      'You must be over 18, a resident of New Zealand and meet additional eligibility criteria to qualify. Late fees apply. Payment amounts shown exclude delivery, added at checkout.',
    termsLink: 'Full terms (New Zealand)',
    termsUrl: 'https://www.afterpay.com/en-NZ/terms-of-service',
    note: EN_NOTE,
  },
}

/**
 * The stand-in page's one style block, in the provider's colours (mint and black), not the
 * site's theme: it must read as the provider's page. Its hash is `LOCAL_TERMS_STYLE_HASH`.
 */
export const LOCAL_TERMS_STYLE =
  'body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#000;background:#b2fce4}main{max-width:34rem;margin:0 auto;padding:1.25rem 1.25rem 1.5rem}.brand{margin:0 0 .75rem;font:800 1.6rem/1 system-ui,sans-serif;letter-spacing:-.02em}.brand span{display:inline-block;padding:.35rem .7rem;border-radius:2rem;background:#000;color:#b2fce4}h1{margin:0 0 .25rem;font-size:1.3rem;line-height:1.25}ol{display:grid;gap:.5rem;margin:1rem 0;padding:0;list-style:none;counter-reset:step}li{display:flex;gap:.75rem;align-items:center;padding:.6rem .75rem;border-radius:.75rem;background:#fff;counter-increment:step}li::before{content:counter(step);display:grid;place-items:center;flex:none;width:1.75rem;height:1.75rem;border-radius:50%;background:#000;color:#b2fce4;font-weight:700}.terms{font-size:.8rem}a{color:#000}.note{margin-top:1rem;padding-top:.75rem;border-top:1px solid rgba(0,0,0,.25);font-size:.75rem}'
/** sha256 of LOCAL_TERMS_STYLE, for the Content-Security-Policy (tests/worker/installment-terms.test.ts checks it). */
export const LOCAL_TERMS_STYLE_HASH = "'sha256-q+TDIJtFBU9Z2Y80bfTz44sEQ4ZodLQq/GXmUq6XEbs='"

function localPageHtml(copy: LocalTermsCopy): string {
  const steps = copy.steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')
  return `<!DOCTYPE html><html lang="${copy.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Afterpay</title><style>${LOCAL_TERMS_STYLE}</style></head><body><main data-provider-page="afterpay"><p class="brand"><span>afterpay</span></p><h1>${escapeHtml(copy.title)}</h1><p>${escapeHtml(copy.tagline)}</p><ol>${steps}</ol><p class="terms">${escapeHtml(copy.terms)} <a href="${copy.termsUrl}" target="_blank" rel="noopener noreferrer">${escapeHtml(copy.termsLink)}</a></p><p class="note">${escapeHtml(copy.note)}</p></main></body></html>`
}

export const localTerms: InstallmentTermsProvider = {
  name: 'local',
  page(locale) {
    const copy = LOCAL_TERMS_COPY[locale]
    // Every locale of INSTALLMENT_PAGE_LOCALES has its copy (tests/worker/installment-terms.test.ts).
    if (copy === undefined) throw new Error(`The local installment provider has no page for ${locale}`)
    return { kind: 'html', html: localPageHtml(copy) }
  },
}

/** The provider `INSTALLMENTS_PROVIDER` names; a misconfiguration says how to fix it. */
export function installmentTermsProvider(env: Pick<Env, 'INSTALLMENTS_PROVIDER'>): InstallmentTermsProvider {
  const provider = env.INSTALLMENTS_PROVIDER ?? 'local'
  if (provider === 'local') return localTerms
  if (provider === 'afterpay') return afterpayTerms
  throw new Error(`INSTALLMENTS_PROVIDER must be "local" or "afterpay", not "${provider}"`)
}
