/**
 * The platform's enumerations and shared constants (platform.md sections 3 and 9, storefront.md
 * section 9), typed once and imported by the plugins, the worker and the islands. Codes are the
 * platform's own numbers: never renumber.
 */

export const BackgroundSource = { UPLOAD: 1, INSTAGRAM: 2, VIDEO: 3, NONE: 4 } as const

export const BlockType = {
  NAVIGATION: 1,
  HTML: 2,
  LOGO: 3,
  MAP: 4,
  IMAGE: 5,
  TWITTER: 6,
  JOURNAL: 7,
  GALLERY: 8,
  FORM: 9,
  GEO: 10,
  INDEX: 11,
  COLLECTIONLINK: 12,
  LINK: 13,
  TAGCLOUD: 14,
  COMMENTS: 16,
  FOLDER: 17,
  MENU: 18,
  SOCIALLINKS: 19,
  SUMMARY: 20,
  SPACER: 21,
  EMBED: 22,
  CODE: 23,
  FOURSQUARE: 24,
  INSTAGRAM: 25,
  CALENDAR: 26,
  POSTSBYAUTHOR: 27,
  POSTSBYTAG: 28,
  POSTSBYCATEGORY: 29,
  POSTSBYMONTH: 30,
  QUOTE: 31,
  VIDEO: 32,
  SEARCH: 33,
  AUDIO: 41,
  FIVEHUNDREDPIX: 42,
  PRODUCT: 43,
  MARKDOWN: 44,
  FLICKR: 45,
  AMAZON: 46,
  HORIZONTALRULE: 47,
  SOCIALACCOUNTLINKS: 48,
  RSS: 49,
  OPENTABLE: 50,
  NEWSLETTER: 51,
  DONATION: 52,
  BUTTON: 53,
  SOCIALACCOUNTLINKS_V2: 54,
  SUMMARY_V2: 55,
  SOUNDCLOUD: 56,
  EMAILFOOTER: 57,
  IN_BROWSER_MESSAGE_LINK: 58,
  TOURDATES: 59,
  ALBUM: 60,
  ARCHIVE: 61,
  CHART: 62,
  ZOLA: 63,
  ACUITY: 65,
  OPENTABLE_V2: 66,
  MEMBER_AREA: 67,
  TOCK: 68,
  ACCORDION: 69,
} as const

export const CollectionType = {
  GENERIC: 1,
  SUBSCRIPTION: 2,
  TWITTER: 3,
  FOURSQUARE: 4,
  INSTAGRAM: 5,
  GALLERY_BLOCK: 6,
  TEMPLATE_PAGE: 7,
  SPLASH_PAGE: 8,
  PAGE: 10,
  FIVEHUNDREDPIX: 11,
  FLICKR: 12,
  PRODUCTS: 13,
  SLIDE_GALLERY: 15,
  SLIDE_ALBUM: 16,
  SLIDE_VIDEO: 17,
  ALBUM_BLOCK: 18,
} as const

export const FolderBehavior = { INDEX: 1, REDIRECT: 2, NONE: 3 } as const

export const ProductType = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const
export type ProductTypeCode = (typeof ProductType)[keyof typeof ProductType]
/** The product types that can be subscribable (platform.md section 9): physical and service. */
export const SUBSCRIBABLE_PRODUCT_TYPES: readonly number[] = [ProductType.PHYSICAL, ProductType.SERVICE]
/**
 * The product types a shopper can put in the cart. A paywall product (5) is sold as access to
 * members' content, not through the store's cart; any other code is unknown to this platform.
 */
export const PURCHASABLE_PRODUCT_TYPES: readonly number[] = [
  ProductType.PHYSICAL,
  ProductType.DIGITAL,
  ProductType.SERVICE,
  ProductType.GIFT_CARD,
]

export const RecordType = {
  TEXT: 1,
  IMAGE: 2,
  QUOTE: 4,
  LINK: 5,
  AUDIO: 7,
  VIDEO: 8,
  STORE_ITEM: 11,
  EVENT: 12,
  GALLERY: 14,
  BINARY: 15,
  CSS_ASSET: 16,
  TWEAK_ASSET: 17,
  DIGITAL_GOOD: 18,
  ATTACHMENT: 19,
  WORDPRESS_EXPORT: 20,
  JSON_EXPORT: 21,
  SITE_SEARCH: 30,
  ACTIVE_TIME: 31,
  TWEET: 50,
  CHECKIN: 52,
  KBARTICLE: 54,
} as const

export const SliceType = {
  HEADING: 1,
  BODY: 3,
  IMAGE: 4,
  GALLERY: 5,
  VIDEO: 6,
  SOCIAL_ICONS: 7,
  BUTTONS: 8,
  NAVIGATION: 9,
  CUSTOM_FORM: 10,
  NEWSLETTER: 11,
  ALBUM: 12,
  MAP: 13,
  LOGO: 14,
  ACTION: 15,
  FORM: 16,
  LOCK: 17,
  PASSWORD: 18,
  TWITTER: 19,
} as const

export const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const

export const SOURCE_ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const

/** Website roles, platform.md section 6. */
export const WebsiteRole = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
} as const

/** Gallery options with their allowed values and defaults (platform.md section 3, storefront.md section 9). */
export const GalleryOption = {
  design: { values: ['grid', 'slideshow', 'slider', 'stacked'], default: 'grid' },
  metaPosition: {
    values: ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'],
    default: 'bottom',
  },
  activeAlignment: { values: ['center', 'left', 'right'], default: 'center' },
  aspectRatio: {
    values: [
      'square',
      'standard',
      'standard-vertical',
      'four-three',
      'three-four-vertical',
      'widescreen',
      'anamorphic-widescreen',
    ],
    default: 'square',
  },
  lightboxTheme: { values: ['dark', 'light'], default: 'dark' },
  autoplay: { default: false },
  autoCrop: { default: true },
  squareThumbs: { default: true },
  /** Seconds between slides: 1 to 10, default 5. */
  autoplayDuration: { min: 1, max: 10, default: 5 },
  thumbnailStripHeight: { min: 0, max: 200, default: 80 },
  thumbnailStripMargin: { min: 0, max: 60, default: 20 },
  thumbnailsPerRow: { min: 1, max: 10, default: 4 },
  padding: { min: 0, max: 50, default: 20 },
  maxWidth: { min: 100, max: 300, default: 300 },
} as const

/** Image srcset widths and the thumbnail-for-size thresholds (platform.md section 9). */
export const IMAGE_SRCSET_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const
export const THUMBNAIL_FOR_SIZE: readonly (readonly [over: number, width: number])[] = [
  [1000, 1500],
  [750, 1000],
  [500, 750],
  [300, 500],
  [100, 300],
]
export const THUMBNAIL_SMALLEST = 100
export const DEFAULT_FOCAL_POINT = { x: 0.5, y: 0.5 } as const

export const DEFAULT_TIME_ZONE = 'America/New_York'
/** ISO 8601 weeks (platform spec §9): Monday first (1 = Sunday .. 7 = Saturday), 4 minimum days. */
export const ISO_WEEK = { firstDay: 2, minDays: 4 } as const
/** Parsed i18n messages kept per engine (platform spec §9: message-formatter cache size). */
export const MESSAGE_FORMATTER_CACHE_SIZE = 100

/** Quantity input (storefront.md section 2). */
export const QUANTITY_INPUT = { min: 1, max: 9999, step: 1, value: 1, size: 4 } as const
/** Cart quantity display caps at this many items. */
export const CART_QUANTITY_CAP = 100
/** Email length (storefront.md section 9). */
export const EMAIL_LENGTH = { min: 3, max: 256 } as const
/**
 * The add-to-cart button's delays (storefront.md sections 4 and 9): a failure returns to idle
 * after 1 s; a success shows 'Added!' after 1 s, for 2 s.
 */
export const ADD_TO_CART_TIMING = { failureResetMs: 1000, addedDelayMs: 1000, addedForMs: 2000 } as const
export const COMMENTS_VISIBLE_STATE = 1

/**
 * A comment service's short name (`disqusShortname`) we load: letters, digits and dashes, as the
 * service issues them. It becomes a script's host and a Content-Security-Policy source, so any
 * other value loads nothing.
 */
export const COMMENT_SERVICE_NAME = /^[a-z0-9-]{1,64}$/i

/** The origins a comment service's thread needs, for a site's Content-Security-Policy. */
export function commentServiceOrigins(shortname: string) {
  return {
    script: [`https://${shortname}.disqus.com`, 'https://c.disquscdn.com'],
    frame: ['https://disqus.com'],
    connect: ['https://links.services.disqus.com'],
    img: ['https://c.disquscdn.com', 'https://referrer.disqus.com'],
    style: ['https://c.disquscdn.com'],
  } as const
}

/** Billing periods per year for subscription price wording. */
export const BILLING_PERIODS_PER_YEAR = { WEEK: 52, MONTH: 12, YEAR: 1 } as const

/** Installment payments. */
export const INSTALLMENTS_DEFAULT_COUNT = 4
export const INSTALLMENT_COUNTRIES = ['US', 'CA', 'AU', 'NZ'] as const
export const INSTALLMENT_LOCALES: Readonly<
  Record<(typeof INSTALLMENT_COUNTRIES)[number], readonly string[]>
> = {
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
}

export const LIKERT_LABELS: Readonly<Record<string, string>> = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
}

/** Platform limits (platform.md section 9). */
export const LIMITS = {
  blocksPerLayout: 60,
  tracksPerAlbum: 60,
  itemsPerUserOrderableCollection: 250,
  productsPerCollection: 200,
  nestedCategories: 10000,
  photoServiceGalleries: 20,
  photoServiceGallerySize: 50,
  tagLength: 50,
  categoryLength: 25,
  partialDepth: 16,
  maxDigits: 50,
} as const

/**
 * Cookie names (storefront.md section 9, platform.md sections 4 and 9). `crumb`, `ss_cvr` and
 * `has-cart` are the platform's; the others are ours, named once here.
 */
export const COOKIE = {
  /** Random visitor id; scripts send it back as `X-CSRF-Token`. */
  visitor: 'crumb',
  /** Visitor record: id|first visit|previous visit|current visit|count (two years). */
  census: 'ss_cvr',
  /** Visit timestamp (30 minutes). */
  visitTimestamp: 'ss_cvt',
  /** 'true' once the visitor has a cart. */
  hasCart: 'has-cart',
  /** The cart's id (HttpOnly). */
  cart: 'ss_cart',
  /** The signed-in site user's session (a signed JWT, HttpOnly). */
  siteUser: 'ss_site_user',
  /** Prefix of the cookie that unlocks one password-protected page (the rest names the page). */
  pageUnlock: 'ss_unlock',
  /** A browser an account signed in from (HttpOnly): its right password is never slowed by others' guesses. */
  knownDevice: 'ss_device',
  /** Opens one order's confirmation to the browser that placed it (HttpOnly, scoped to the order's path). */
  orderAccess: 'ss_order',
  /** The tracking script's analytics id (390 days), beside its copy in local storage. */
  analyticsId: 'ss_aid',
  /** Session and marketing ids, where a client keeps them in cookies (ours keeps them in storage). */
  sessionId: 'ss_sid',
  marketingId: 'ss_mid',
} as const
