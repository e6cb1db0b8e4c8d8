/**
 * The KV records a tenant is made of, as zod schemas.
 *
 * Keys (docs/architecture.md, "Storage keys"):
 *   host:<hostname>                      -> site id (plain text)
 *   site:<id>                            -> SiteRecord
 *   site:<id>:version                    -> content version (plain text), part of cache keys
 *   site:<id>:template:<name>            -> JSON-T source (plain text)
 *   site:<id>:collection:<slug>          -> CollectionRecord
 *   site:<id>:item:<collection>/<slug>   -> ItemRecord
 *   site:<id>:form:<formId>              -> FormRecord
 *
 * Records are read by templates as they are, so every object is "loose": fields the schema does
 * not name pass through untouched. The schema pins what the worker itself relies on.
 */

import {
  countNavigationLinks,
  FEATURE_FLAG_RANGE,
  FORM_FIELD_TYPES,
  GalleryOption,
  INSTALLMENTS_DEFAULT_COUNT,
  LIMITS,
  ProductType,
  productMoneyAmount,
  SUBSCRIBABLE_PRODUCT_TYPES,
  WebsiteRole,
} from '../../shared/index'
import { THEME_COLOUR, TYPEKIT_KIT_ID } from '../../shared/theme'
import { PASSWORD_HASH_PATTERN } from '../crypto/passwords'
import * as z from '../runtime/zod'

const ROLE_CODES: ReadonlySet<number> = new Set(Object.values(WebsiteRole))

/** KV refuses keys longer than this many bytes (a longer key is a page or host that cannot exist). */
export const KV_KEY_MAX_BYTES = 512

/** Lists a merchant controls, and how long each may be (storefront.md section 9 where it says). */
export const LIST_LIMITS = {
  /** Products on one page of a product list. */
  productsPerPage: LIMITS.productsPerCollection,
  /** Items in one collection (a user-orderable collection). */
  itemsPerCollection: LIMITS.itemsPerUserOrderableCollection,
  /** Links in the site's navigation (as many as blocks in a layout). */
  navigationLinks: LIMITS.blocksPerLayout,
  /** Fields of one form (as many as blocks in a layout). */
  formFields: LIMITS.blocksPerLayout,
  /** Variants of one product. */
  variantsPerProduct: 250,
  /** Images of one item's gallery (a photo service gallery's size). */
  imagesPerItem: LIMITS.photoServiceGallerySize,
} as const

/** Lower-case slug as used in URLs: `linen-shirt`, `2026/spring-notes` is not one (no slash). */
export const slugSchema = z
  .string()
  .check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lower-case slug such as "linen-shirt"'))

export const siteIdSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be a lower-case id of letters, digits and dashes'))

/** The 26 currencies of storefront.md section 3 (plus ZAR listed there as the 27th code). */
export const currencyCodeSchema = z.enum([
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
])

/**
 * A product's money value (`priceMoney`, `salePriceMoney`) in either form a record may hold
 * (shared/money.ts `productMoneyAmount`): the spec's minor units as a string of digits,
 * `{ "value": "4800", "currency": "USD" }` (platform.md section 3), or a decimal amount in the
 * major unit, `{ "value": "48.00", "currency": "USD" }`. Read once here into the decimal form
 * that templates (the engine's `readMoney`), the cart and checkout read: `{ "value": "48.00" }`.
 * Variants also carry `price` / `salePrice` in minor units.
 */
export const moneySchema = z.pipe(
  z.looseObject({
    value: z
      .string()
      .check(
        z.regex(/^-?\d+(\.\d+)?$/, 'must be minor units such as "4800" or a decimal amount such as "48.00"'),
      ),
    currency: currencyCodeSchema,
  }),
  z.transform((money) => ({
    ...money,
    value: productMoneyAmount(money.value, money.currency) ?? money.value,
  })),
)

/**
 * Ids printed into pages (`data-item-id`, element ids, API paths): letters, digits, `-` and `_`,
 * so no id can break out of an attribute or a URL whatever template prints it.
 */
export const recordIdSchema = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/,
      'must be an id of letters, digits, "-" and "_" (at most 128)',
    ),
  )

/** Stock-keeping units: a little more lenient than ids (dots and slashes), never markup. */
export const skuSchema = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/, 'must be a SKU of letters, digits, ".", "/", "-" and "_"'),
  )

const SITE_PATH = /^\/(?![/\\])[^\s\\<>"']*$/
const WEB_URL = /^https?:\/\/[^\s\\<>"']+$/i
const LINK_PROBLEM =
  'must be a path on this site such as "/shop" or an http(s) URL; "javascript:", "//host" and "/\\host" are refused'

/** A path on the tenant's own host: `/x`, never `//x` (another host) or `/\\x` (browsers read it as `//`). */
export const sitePathSchema = z
  .string()
  .check(z.regex(SITE_PATH, 'must be a path on this site such as "/shop" (not "//host" or "/\\host")'))

function parsesAsUrl(url: string): boolean {
  try {
    new URL(url)
    return true
  } catch {
    return false
  }
}

/** An https origin (`https://cdn.example.com`), as a Content-Security-Policy source names it. */
export const httpsOriginSchema = z
  .string()
  .check(
    z.regex(
      /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?$/,
      'must be an https origin such as "https://cdn.example.com"',
    ),
  )

/** A link a merchant gives: a path on the site, or an absolute `http:`/`https:` URL. */
export const linkSchema = z.string().check(
  z.refine((url) => SITE_PATH.test(url) || (WEB_URL.test(url) && parsesAsUrl(url)), {
    message: LINK_PROBLEM,
  }),
)

const MAIL_OR_PHONE = /^(?:mailto:[^\s\\<>"'@:/]+@[^\s\\<>"'@/]+|tel:\+?[0-9][0-9 ().-]{2,31})$/i

/**
 * A link a visitor follows (navigation, a link post): a link as above, or the link editor's
 * email address (`mailto:`) or phone number (`tel:`). No other scheme: `javascript:` stays refused.
 */
export const followedLinkSchema = z.string().check(
  z.refine(
    (url) => MAIL_OR_PHONE.test(url) || SITE_PATH.test(url) || (WEB_URL.test(url) && parsesAsUrl(url)),
    {
      message: `${LINK_PROBLEM}; "mailto:" and "tel:" are accepted`,
    },
  ),
)

/** An image or file: a path on the site's own host (demo images under `/demo/`) or an http(s) URL. */
export const assetUrlSchema = linkSchema

export const imageSchema = z.looseObject({
  assetUrl: assetUrlSchema,
  /** WIDTHxHEIGHT, platform.md section 5. */
  originalSize: z.optional(z.string().check(z.regex(/^\d+x\d+$/, 'must be WIDTHxHEIGHT'))),
  altText: z.optional(z.string()),
  /** Where the image leads in a gallery without a lightbox (the `newWindow` option opens it in a new window). */
  clickthroughUrl: z.optional(linkSchema),
  mediaFocalPoint: z.optional(
    z.object({
      x: z.number().check(z.minimum(0), z.maximum(1)),
      y: z.number().check(z.minimum(0), z.maximum(1)),
    }),
  ),
})

/** One link of a folder (platform.md section 3: folders hold links, one level deep). */
export const navigationChildSchema = z.object({
  title: z.string().check(z.minLength(1)),
  /** A path on the site such as `/shop`, another site's http(s) URL, `mailto:` or `tel:`. */
  url: followedLinkSchema,
})

/**
 * A link of the header or footer navigation, or a folder: a title with `children` (links, never
 * folders) and optionally a URL of its own (a folder without one is not clickable itself).
 */
export const navigationLinkSchema = z
  .object({
    title: z.string().check(z.minLength(1)),
    url: z.optional(followedLinkSchema),
    children: z.optional(z.array(navigationChildSchema).check(z.minLength(1))),
  })
  .check(
    z.refine((link) => link.url !== undefined || link.children !== undefined, {
      message: 'a link needs a URL (a folder needs its links)',
      path: ['url'],
    }),
  )

const percentageSchema = z.number().check(z.minimum(0), z.maximum(100))

/** More periods than any zone has had since 1970 (a few hundred), so a typo cannot grow a site record. */
const TZ_PERIODS_MAX = 2000

/** `website.tzData`: moment-timezone's unpacked zone, its three arrays of one length. */
const tzDataSchema = z
  .object({
    name: z.string().check(z.minLength(1), z.maxLength(64)),
    abbrs: z.array(z.string().check(z.maxLength(10))).check(z.minLength(1), z.maxLength(TZ_PERIODS_MAX)),
    untils: z.array(z.nullable(z.number())).check(z.maxLength(TZ_PERIODS_MAX)),
    offsets: z.array(z.number().check(z.minimum(-1440), z.maximum(1440))).check(z.maxLength(TZ_PERIODS_MAX)),
  })
  .check(
    z.refine(
      (data) => data.untils.length === data.abbrs.length && data.offsets.length === data.abbrs.length,
      'abbrs, untils and offsets must be of one length',
    ),
  )

export const websiteSchema = z.looseObject({
  id: recordIdSchema,
  siteTitle: z.string().check(z.minLength(1)),
  siteDescription: z.optional(z.string()),
  /** BCP-47 language tag of the site, e.g. `en-US`, `ja-JP`. */
  language: z.string().check(z.minLength(2)),
  timeZone: z._default(z.string(), 'America/New_York'),
  useCLDRMoneyFormat: z._default(z.boolean(), false),
  simpleLikingEnabled: z._default(z.boolean(), false),
  commentsEnabled: z._default(z.boolean(), false),
  /**
   * Whether visitors who are not signed in may comment with a name and an email (our own
   * comments, issue 24); signed-in site users always may where comments are on.
   */
  commentsAllowVisitors: z._default(z.boolean(), false),
  disqusShortname: z.optional(z.string()),
  captchaSettings: z.optional(z.looseObject({ siteKey: z.optional(z.string()) })),
  trackingDisabled: z._default(z.boolean(), false),
  /**
   * The site's numeric feature flags (storefront.md section 9: 1 to 65), each at most once; the
   * storefront turns a flagged feature on only when its number is here (installments: 64,
   * shared/feature-flags.ts).
   */
  featureFlags: z._default(
    z
      .array(
        z
          .number()
          .check(
            z.int('must be whole numbers'),
            z.minimum(
              FEATURE_FLAG_RANGE.min,
              `must be numbers from ${FEATURE_FLAG_RANGE.min} to ${FEATURE_FLAG_RANGE.max}`,
            ),
            z.maximum(
              FEATURE_FLAG_RANGE.max,
              `must be numbers from ${FEATURE_FLAG_RANGE.min} to ${FEATURE_FLAG_RANGE.max}`,
            ),
          ),
      )
      .check(z.refine((flags) => new Set(flags).size === flags.length, 'must not name a flag twice')),
    [],
  ),
  /**
   * The performance collector's feature flags as rollout variants (platform.md section 9: `rum`,
   * `track-page-speed`, `track-user-timing`): the percentage of the site's visitors each is on
   * for (0 to 100; 100 when not given), the same visitor always in the same variant
   * (api/performance.ts).
   */
  performanceRollout: z.optional(
    z.strictObject({
      rum: z.optional(percentageSchema),
      'track-page-speed': z.optional(percentageSchema),
      'track-user-timing': z.optional(percentageSchema),
    }),
  ),
  /**
   * The site's time-zone data (storefront.md section 4, platform.md section 3: "Website context
   * may carry timezone data (tzData)"), the tz database's packed form as moment-timezone ships
   * it: the zone's `name`, and per period its abbreviation, its end (epoch ms; null for the last,
   * open-ended one) and its offset in minutes west of UTC. When present the dates are rendered
   * by it (templates/plugins/dates/zones.ts); without it, by the platform's own zone data.
   */
  tzData: z.optional(tzDataSchema),
  /**
   * Double opt-in (issue 18): a newsletter subscriber or a restock sign-up is stored pending and
   * gets a confirmation email; only a confirmed address receives anything. On unless `false`.
   */
  doubleOptIn: z._default(z.boolean(), true),
  /**
   * `restrictive`: the five visitor cookies (`ss_cvr`, `ss_cvt`, analytics, session and
   * marketing ids) are cleared and never set (storefront.md section 9).
   */
  cookiePolicy: z._default(z.enum(['standard', 'restrictive']), 'standard'),
  /**
   * The pixel hook (storefront.md section 7): pixel events (add to cart, search, newsletter
   * sign-up, product view, account creation) pushed onto `window[queue]`, a `dataLayer`-style
   * array the merchant's tag manager reads. Off unless enabled.
   */
  pixelHook: z.optional(
    z.object({
      enabled: z._default(z.boolean(), false),
      queue: z._default(
        z
          .string()
          .check(z.regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/, 'must be a JavaScript name such as "dataLayer"')),
        'dataLayer',
      ),
    }),
  ),
  logoImage: z.optional(imageSchema),
  /**
   * The tenant's primary domain (`shop.example.com`): canonical, Open Graph and sitemap URLs use
   * `https://` and it, whatever host the request came in on. Without it they use the request's host.
   */
  /**
   * What the site's Content-Security-Policy allows beyond its own origin: third-party providers
   * it uses (`recaptcha`, `stripe`, `meta-pixel`, `google-tag`; see middleware/secure-headers.ts),
   * the https origins its images and media come from, and the origins allowed to embed it.
   */
  security: z.optional(
    z.looseObject({
      providers: z._default(z.array(z.enum(['recaptcha', 'stripe', 'meta-pixel', 'google-tag'])), []),
      mediaOrigins: z._default(z.array(httpsOriginSchema).check(z.maxLength(20)), []),
      embedOrigins: z._default(z.array(httpsOriginSchema).check(z.maxLength(20)), []),
    }),
  ),
  primaryDomain: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          'must be a lower-case domain name such as "shop.example.com"',
        ),
      ),
  ),
})

/** Store-wide merchandising: scarcity messages and back-in-stock sign-ups (storefront.md section 3). */
export const merchandisingSchema = z.looseObject({
  scarcity: z.optional(
    z.looseObject({
      enabled: z._default(z.boolean(), false),
      /** Show the message when a limited variant has this many units or fewer. */
      threshold: z._default(z.number().check(z.int(), z.minimum(1)), 5),
      /** `{qtyInStock}` is replaced by the units left. */
      text: z._default(z.string(), 'Only {qtyInStock} left in stock!'),
      shownByDefault: z._default(z.boolean(), false),
    }),
  ),
  restock: z.optional(
    z.looseObject({
      enabled: z._default(z.boolean(), false),
      messages: z.optional(
        z.looseObject({
          buttonText: z.string(),
          CTAText: z.string(),
          placeholderText: z.string(),
          mailingListDescription: z.string(),
        }),
      ),
      mailingListSignUpEnabled: z._default(z.boolean(), false),
      mailingListOptInByDefault: z._default(z.boolean(), false),
    }),
  ),
})

/**
 * Pay-in-installments offer on product pages (storefront.md sections 3, 5 and 9): the provider
 * shown, the number of payments, the order range in the store currency's minor units (cents)
 * as the spec's `afterPayMin` / `afterPayMax`, and the payment account's country, which picks
 * the provider's locale (only US, CA, AU and NZ have one).
 */
export const installmentsSchema = z
  .looseObject({
    enabled: z._default(z.boolean(), false),
    provider: z._default(z.string().check(z.minLength(1)), 'Afterpay'),
    count: z._default(z.number().check(z.int(), z.minimum(2)), INSTALLMENTS_DEFAULT_COUNT),
    afterPayMin: z.number().check(z.int(), z.minimum(0)),
    afterPayMax: z.number().check(z.int(), z.minimum(0)),
    stripeAccountCountry: z
      .string()
      .check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as "US"')),
  })
  .check(
    z.refine((s) => s.afterPayMin <= s.afterPayMax, {
      message: 'afterPayMin must not be above afterPayMax',
      path: ['afterPayMax'],
    }),
  )

/** Integer minor units of the store currency (issue 25's amounts). */
const centsSchema = z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000_000_00))
const countryCodeSchema = z
  .string()
  .check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as "US"'))
/** A state, province or prefecture as the address's region field names it ('CA', 'ON', 'Tokyo'). */
const regionSchema = z.string().check(z.minLength(1), z.maxLength(60))
const pricingIdSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a short id such as "standard"'))
const isoDateSchema = z
  .string()
  .check(z.refine((text) => !Number.isNaN(Date.parse(text)), 'must be a date such as "2026-12-31T23:59:59Z"'))

/**
 * One shipping rate of a zone (docs/cart-and-checkout.md, "Shipping"): `flat` costs `cents`;
 * `weight` and `subtotal` cost the first bracket whose `upTo` (grams; minor units of the
 * subtotal after discounts) covers the order, and are not offered above the last; `pickup`
 * costs `cents` (usually 0). Any rate is free from `freeOverCents` of subtotal after discounts.
 */
export const shippingRateSchema = z.looseObject({
  id: pricingIdSchema,
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  kind: z.enum(['flat', 'weight', 'subtotal', 'pickup']),
  cents: z._default(centsSchema, 0),
  brackets: z._default(
    z
      .array(z.looseObject({ upTo: z.number().check(z.int(), z.minimum(1)), cents: centsSchema }))
      .check(z.maxLength(20)),
    [],
  ),
  freeOverCents: z.optional(centsSchema),
})

/** Where a set of rates applies: countries, narrowed to some regions where they matter. */
export const shippingZoneSchema = z.looseObject({
  id: pricingIdSchema,
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  countries: z.array(countryCodeSchema).check(z.minLength(1), z.maxLength(250)),
  /** Empty: every region of those countries. */
  regions: z._default(z.array(regionSchema).check(z.maxLength(100)), []),
  rates: z.array(shippingRateSchema).check(z.minLength(1), z.maxLength(10)),
})

/** A tax of one country, or of one region of it; every rule matching the address applies. */
export const taxRuleSchema = z.looseObject({
  id: pricingIdSchema,
  /** Shown on the tax line ('CA sales tax', 'Consumption tax'). */
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  country: countryCodeSchema,
  region: z.optional(regionSchema),
  /** 725 = 7.25 %. */
  rateBasisPoints: z.number().check(z.int(), z.minimum(0), z.maximum(10_000)),
  shippingTaxed: z._default(z.boolean(), false),
  /** Digital products (downloads) taxed at the rule's rate or exempt; gift cards never are. */
  digitalGoods: z._default(z.enum(['taxed', 'exempt']), 'taxed'),
})

export const taxSettingsSchema = z.looseObject({
  /** Prices already hold the tax (Japan, the EU): the tax is reported, never added. */
  pricesIncludeTax: z._default(z.boolean(), false),
  /** The store's own country: its rules apply before the shopper gives an address. */
  homeCountry: z.optional(countryCodeSchema),
  rules: z._default(z.array(taxRuleSchema).check(z.maxLength(200)), []),
})

/** A discount code (docs/cart-and-checkout.md, "Coupons"). */
export const couponSchema = z.looseObject({
  /** Upper case; shoppers may type it in any case. */
  code: z.string().check(z.regex(/^[A-Z0-9_-]{3,32}$/, 'must be 3 to 32 capital letters, digits, - or _')),
  kind: z.enum(['percent', 'fixed', 'freeShipping']),
  percentOff: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100))),
  amountCents: z.optional(centsSchema),
  minSubtotalCents: z.optional(centsSchema),
  startsAt: z.optional(isoDateSchema),
  endsAt: z.optional(isoDateSchema),
  /** Orders that may use it, counted exactly by the tenant's stock object. */
  usageLimit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000))),
  /** Limited to these products and the products of these collections; both empty: every product. */
  productIds: z._default(z.array(recordIdSchema).check(z.maxLength(500)), []),
  collectionIds: z._default(z.array(recordIdSchema).check(z.maxLength(100)), []),
})

export const storeSettingsSchema = z.looseObject({
  /** Store currency; storefront.md section 3: default USD. */
  selectedCurrency: z._default(currencyCodeSchema, 'USD'),
  multipleQuantityAllowedForServices: z._default(z.boolean(), true),
  customSoldOutText: z.optional(z.string()),
  expressCheckout: z._default(z.boolean(), false),
  merchandising: z.optional(merchandisingSchema),
  installments: z.optional(installmentsSchema),
  /** Branching: with exactly two dropdowns, the second offers only values compatible with the first. */
  variantBranching: z.optional(z.boolean()),
  /** How the product page shows each option: pill-shaped radio buttons (default) or a dropdown. */
  variantPickerStyle: z._default(z.enum(['pills', 'dropdown']), 'pills'),
  /** Shipping zones and their rates; absent: nothing ships at a cost (issue 25). */
  shipping: z.optional(z.looseObject({ zones: z.array(shippingZoneSchema).check(z.maxLength(50)) })),
  tax: z.optional(taxSettingsSchema),
  coupons: z.optional(z.array(couponSchema).check(z.maxLength(500))),
})

/** A colour as `#rgb`, `#rrggbb`, or `#rrggbbaa` with opacity (laid over the background: shared/theme.ts). */
export const hexColorSchema = z
  .string()
  .check(z.regex(THEME_COLOUR, 'must be a hex colour such as "#1f5b3a"'))

/**
 * A CSS `font-family` list of installed fonts (`"Hiragino Sans", "Yu Gothic", sans-serif`): names
 * in any script, quotes, commas, spaces, dots and dashes. Nothing else reaches the stylesheet.
 */
export const fontStackSchema = z
  .string()
  .check(
    z.maxLength(400),
    z.regex(/^[\p{L}\p{N} ,'"._-]+$/u, 'must be a font-family list such as "Georgia, serif"'),
  )

/** Button corners of the theme. */
export const BUTTON_SHAPES = ['square', 'rounded', 'pill'] as const

/**
 * The tenant's look (issue #11), every field optional: the default theme fills the rest. Colours
 * are checked against WCAG AA contrast when the page is styled (worker/render/theme.ts): one
 * that fails is adjusted until it passes and a `theme-colour-adjusted` warning is logged.
 */
export const themeSchema = z.looseObject({
  /** Buttons, links, focus rings and badges. */
  accentColor: z.optional(hexColorSchema),
  textColor: z.optional(hexColorSchema),
  backgroundColor: z.optional(hexColorSchema),
  headingFont: z.optional(fontStackSchema),
  bodyFont: z.optional(fontStackSchema),
  buttonShape: z.optional(z.enum(BUTTON_SHAPES)),
  /** Height of `website.logoImage` in the header, in CSS pixels. */
  logoHeight: z.optional(z.number().check(z.int(), z.minimum(24), z.maximum(120))),
  /** An Adobe Fonts (Typekit) kit: the page links its stylesheet and the CSP allows its origins. */
  typekitKitId: z.optional(
    z.string().check(z.regex(TYPEKIT_KIT_ID, 'must be a 7-character kit id such as "abc1def"')),
  ),
})

export const siteSchema = z
  .looseObject({
    id: siteIdSchema,
    website: websiteSchema,
    /** Absent for a content-only site. */
    storeSettings: z.optional(storeSettingsSchema),
    navigation: z.array(navigationLinkSchema).check(z.minLength(1), z.maxLength(LIST_LIMITS.navigationLinks)),
    /** The footer's own links (the header's `navigation` is shown there when absent). */
    footerNavigation: z.optional(z.array(navigationLinkSchema)),
    /** Overrides of the platform's shopper-facing texts (`productAddToCartText`, `productSoldOutText`, ...). */
    localizedStrings: z.optional(z.record(z.string(), z.string())),
    /** Collection slug served at `/`. */
    homeCollection: slugSchema,
    /** The look of the default theme: colours, fonts, button shape, logo size. */
    theme: z.optional(themeSchema),
    /** The site's newsletter form (`site:<id>:form:<formId>`), offered in the footer of every page. */
    newsletterFormId: z.optional(recordIdSchema),
  })
  .check(
    z.refine(
      (site) => countNavigationLinks([site.navigation, site.footerNavigation]) <= LIST_LIMITS.navigationLinks,
      {
        message: `the header and footer navigation can hold at most ${LIST_LIMITS.navigationLinks} links together`,
        path: ['navigation'],
      },
    ),
  )

/** Collection type codes, platform.md section 3. */
export const COLLECTION_TYPE = {
  generic: 1,
  page: 10,
  products: 13,
  'slide-gallery': 15,
} as const

export const collectionSchema = z.looseObject({
  id: recordIdSchema,
  urlId: slugSchema,
  title: z.string().check(z.minLength(1)),
  fullUrl: sitePathSchema,
  /** 1 generic (blog, events), 10 page, 13 products, 15 gallery page. */
  type: z.union([z.literal(1), z.literal(10), z.literal(13), z.literal(15)]),
  /** The page kind: how the collection and its items are shown (page-kinds.ts has one row per name). */
  typeName: z.enum(['page', 'blog', 'events', 'products', 'gallery', 'form']),
  description: z.optional(z.string()),
  /** Body of an ordinary page (trusted merchant HTML, rendered as the merchant wrote it). */
  mainContent: z.optional(z.string()),
  /** Item slugs in display order; each is `site:<id>:item:<urlId>/<slug>`. */
  itemSlugs: z._default(z.array(slugSchema).check(z.maxLength(LIST_LIMITS.itemsPerCollection)), []),
  /** Member-only page: visitors without a member session see the access-denied screen. */
  memberOnly: z._default(z.boolean(), false),
  /** Password-protected page: 'This page is locked'. */
  locked: z._default(z.boolean(), false),
  /**
   * A locked page's password, hashed (`scripts/hash-password.ts`): PBKDF2-SHA256,
   * `pbkdf2-sha256$100000$<salt>$<hash>`. Never shown to templates.
   */
  pagePassword: z.optional(
    z.string().check(z.regex(PASSWORD_HASH_PATTERN, 'must be a hash from scripts/hash-password.ts')),
  ),
  /**
   * Who may read a member-only page: signed-in site users holding one of these website roles
   * (platform.md section 6). Absent: every signed-in site user of the site.
   */
  memberRoles: z.optional(
    z.array(
      z.number().check(
        z.int(),
        z.refine((code) => ROLE_CODES.has(code), 'must be a website role number (platform.md section 6)'),
      ),
    ),
  ),
  galleryOptions: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
  /** A form shown on the page (`site:<id>:form:<formId>`). */
  formId: z.optional(recordIdSchema),
  /** Shape of the item images in a list (product and post cards): the gallery's aspect-ratio names. */
  imageAspectRatio: z.optional(z.enum(GalleryOption.aspectRatio.values)),
})

export const variantSchema = z.looseObject({
  id: recordIdSchema,
  sku: skuSchema,
  attributes: z._default(z.record(z.string(), z.string()), {}),
  /** Minor units, as the platform also stores them beside the money values. */
  price: z.optional(z.number().check(z.int(), z.minimum(0))),
  salePrice: z.optional(z.number().check(z.int(), z.minimum(0))),
  priceMoney: moneySchema,
  salePriceMoney: moneySchema,
  onSale: z._default(z.boolean(), false),
  unlimited: z._default(z.boolean(), false),
  qtyInStock: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  mainImage: z.optional(imageSchema),
})

export const billingPeriodSchema = z.object({
  value: z.number().check(z.int(), z.positive()),
  unit: z.enum(['WEEK', 'MONTH', 'YEAR']),
})

export const structuredContentSchema = z
  .looseObject({
    /**
     * 1 physical, 2 digital, 3 service, 4 gift card, 5 paywall (platform.md section 3). A paywall
     * product and one of a code this platform does not know are shown, with a label and without
     * an add-to-cart block, and the cart refuses them (shared/products.ts `notForSaleKind`).
     */
    productType: z.number().check(z.int(), z.minimum(0)),
    variants: z.array(variantSchema).check(z.minLength(1), z.maxLength(LIST_LIMITS.variantsPerProduct)),
    variantOptionOrdering: z._default(z.array(z.string()), []),
    /** A digital product's own price (templates read it there: shared/products.ts), either money form. */
    priceMoney: z.optional(moneySchema),
    salePriceMoney: z.optional(moneySchema),
    isSubscribable: z._default(z.boolean(), false),
    subscriptionPlan: z.optional(
      z.object({
        billingPeriod: billingPeriodSchema,
        numBillingCycles: z.number().check(z.int(), z.minimum(0)),
      }),
    ),
    additionalFieldsFormId: z.optional(recordIdSchema),
    useCustomAddButtonText: z._default(z.boolean(), false),
    customAddButtonText: z.optional(z.string()),
    audioAssetUrl: z.optional(assetUrlSchema),
    /** Shipping weight of one unit in grams (issue 25: weight-based rates); physical products only ship. */
    weightGrams: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
  })
  .check(
    z.refine(
      (content) => !content.isSubscribable || SUBSCRIBABLE_PRODUCT_TYPES.includes(content.productType),
      {
        message: `only physical (${ProductType.PHYSICAL}) and service (${ProductType.SERVICE}) products can be subscribable (platform.md section 9)`,
        path: ['isSubscribable'],
      },
    ),
  )

/** Record type codes, platform.md section 3. */
export const RECORD_TYPE = { text: 1, image: 2, audio: 7, storeItem: 11, event: 12, gallery: 14 } as const

export const itemSchema = z.looseObject({
  id: recordIdSchema,
  collectionId: recordIdSchema,
  urlId: slugSchema,
  title: z.string().check(z.minLength(1)),
  fullUrl: sitePathSchema,
  /** 1 text (blog post), 2 image (gallery image), 7 audio, 11 store item, 12 event. */
  recordType: z.union([
    z.literal(1),
    z.literal(2),
    z.literal(7),
    z.literal(11),
    z.literal(12),
    z.literal(14),
  ]),
  excerpt: z._default(z.string(), ''),
  body: z._default(z.string(), ''),
  addedOn: z.number().check(z.int()),
  publishOn: z.optional(z.number().check(z.int())),
  /** Private (the editor's status): live for signed-in editors only, never listed or cached. */
  private: z.optional(z.boolean()),
  tags: z._default(z.array(z.string().check(z.maxLength(50))), []),
  categories: z._default(z.array(z.string().check(z.maxLength(25))), []),
  author: z.optional(z.looseObject({ displayName: z.string() })),
  mainImage: z.optional(imageSchema),
  /** Extra images (product gallery). */
  items: z._default(z.array(imageSchema).check(z.maxLength(LIST_LIMITS.imagesPerItem)), []),
  /** A link post's destination. */
  externalLink: z.optional(followedLinkSchema),
  likeCount: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  publicCommentCount: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  commentState: z._default(z.number().check(z.int()), 0),
  /** Events: epoch milliseconds. */
  startDate: z.optional(z.number().check(z.int())),
  endDate: z.optional(z.number().check(z.int())),
  location: z.optional(
    z.looseObject({
      addressTitle: z.optional(z.string()),
      addressLine1: z.optional(z.string()),
      addressLine2: z.optional(z.string()),
      addressCountry: z.optional(z.string()),
      mapLat: z.optional(z.number()),
      mapLng: z.optional(z.number()),
    }),
  ),
  structuredContent: z.optional(structuredContentSchema),
})

export const formFieldSchema = z.looseObject({
  /** Names the field's controls (`controlName`, templates/forms). */
  id: recordIdSchema,
  type: z.enum(FORM_FIELD_TYPES),
  title: z.string(),
  description: z.optional(z.string()),
  placeholder: z.optional(z.string()),
  required: z._default(z.boolean(), false),
  /** Choices of radio, checkbox and select fields; statements of a likert field. */
  options: z.optional(z.array(z.string())),
  maxLength: z.optional(z.number().check(z.int(), z.positive())),
  /** Phone: a country-code part before area code, prefix and line. */
  showCountryCode: z.optional(z.boolean()),
  currencySymbol: z.optional(z.string()),
  underline: z.optional(z.boolean()),
  /** Hidden: the query-string name its value comes from (else the field id), and its default. */
  key: z.optional(z.string()),
  value: z.optional(z.string()),
})

export const formSchema = z
  .looseObject({
    id: recordIdSchema,
    name: z.string().check(z.minLength(1)),
    fields: z.array(formFieldSchema).check(z.minLength(1), z.maxLength(LIST_LIMITS.formFields)),
    /**
     * Client-side validation off (storefront.md section 5): the public form neither checks the
     * answers in the browser nor asks `POST /api/rest/forms/validate/{formId}` before submitting.
     * The worker validates every submission it stores either way.
     */
    validationDisabled: z._default(z.boolean(), false),
    /** Newsletter forms skip the 'Your form has encountered a problem' banners. */
    isNewsletter: z._default(z.boolean(), false),
    /**
     * The button's text. Absent, a public form reads 'Submit' (islands/public-form/server.ts)
     * and a product's additional-fields form the async form's 'Add to Cart' (storefront.md section 2).
     */
    submitButtonText: z.optional(z.string()),
    /** The thank-you text shown in place of the form after a submission. */
    parsedSubmissionMessage: z._default(z.string(), 'Thank you!'),
    /** Post-submit markup: the merchant's own HTML, shown under the thank-you text. */
    submissionHTML: z.optional(z.string()),
    successRedirect: z.optional(linkSchema),
    /** Text under the submit button (plain text). */
    parsedDisclaimerMessage: z.optional(z.string()),
    captchaEnabled: z._default(z.boolean(), false),
    captchaTheme: z._default(z.enum(['light', 'dark']), 'light'),
    captchaAlignment: z._default(z.enum(['left', 'center', 'right']), 'left'),
  })
  .check(
    z.refine((form) => new Set(form.fields.map((field) => field.id)).size === form.fields.length, {
      message: 'field ids must be unique',
      path: ['fields'],
    }),
  )

export type Site = z.infer<typeof siteSchema>
export type Theme = z.infer<typeof themeSchema>
export type Collection = z.infer<typeof collectionSchema>
export type Item = z.infer<typeof itemSchema>
export type Variant = z.infer<typeof variantSchema>
export type Form = z.infer<typeof formSchema>
export type StoreSettings = z.infer<typeof storeSettingsSchema>
export type Coupon = z.infer<typeof couponSchema>
export type TaxRule = z.infer<typeof taxRuleSchema>
export type ShippingZone = z.infer<typeof shippingZoneSchema>

/** KV key builders: the one place key shapes are spelled. */
export const kvKey = {
  host: (hostname: string) => `host:${hostname}`,
  site: (siteId: string) => `site:${siteId}`,
  version: (siteId: string) => `site:${siteId}:version`,
  template: (siteId: string, name: string) => `site:${siteId}:template:${name}`,
  /** The compiled form of that template, stored beside it by a publish (kv-fixtures/compile.mjs). */
  compiledTemplate: (siteId: string, name: string) => `site:${siteId}:template:${name}:compiled`,
  collection: (siteId: string, slug: string) => `site:${siteId}:collection:${slug}`,
  item: (siteId: string, collection: string, slug: string) => `site:${siteId}:item:${collection}/${slug}`,
  form: (siteId: string, formId: string) => `site:${siteId}:form:${formId}`,
  /** An item's copy of what its page shows from D1: its reviews and likes (item-extras.ts). */
  itemExtras: (siteId: string, itemId: string) => `site:${siteId}:item-extras:${itemId}`,
  /** The store's copy of its newest reviews and their tally (item-extras.ts). */
  storeReviews: (siteId: string) => `site:${siteId}:store-reviews`,
}
