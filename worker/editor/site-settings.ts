/**
 * What a save of the site record's settings, store and navigation sections accepts (issue 22),
 * field by field, before anything is stored: 400 naming the field, '{val} is not one of the
 * expected options' for a value outside a list (a currency, a cookie policy, a time zone the
 * runtime does not know), the lengths of shared/editing/site-settings.ts. Fields these screens
 * do not edit pass through untouched; the storefront's siteSchema checks the merged record.
 */
import {
  COOKIE_POLICIES,
  CURRENCIES,
  countNavigationLinks,
  EDITOR_TEXT,
  fillText,
  NAVIGATION_LINK_LIMIT,
  SETTINGS_LIMITS,
  VARIANT_PICKER_STYLES,
} from '../../shared/index'
import { followedLinkSchema } from '../catalogue/records'
import { notExpected, refuse, refuseLink } from './refusals'

type Fields = Record<string, unknown>

function objectOf(value: unknown, field: string): Fields {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) notExpected(field, value)
  return value as Fields
}

/** Sets `out[name]` from `from[name]` when present: a boolean, else refused. */
function flag(out: Fields, from: Fields, name: string, field: string): void {
  const value = from[name]
  if (value === undefined) return
  if (typeof value !== 'boolean') notExpected(`${field}.${name}`, value)
  out[name] = value
}

function choice(out: Fields, from: Fields, name: string, field: string, options: readonly string[]): void {
  const value = from[name]
  if (value === undefined) return
  if (typeof value !== 'string' || !options.includes(value)) notExpected(`${field}.${name}`, value)
  out[name] = value
}

/** A text trimmed and within `max`; empty removes an optional one. */
function text(
  out: Fields,
  from: Fields,
  name: string,
  field: string,
  label: string,
  max: number,
  required = false,
): void {
  const value = from[name]
  if (value === undefined) return
  if (typeof value !== 'string') notExpected(`${field}.${name}`, value)
  const trimmed = value.trim()
  if (trimmed === '' && required)
    refuse(`${field}.${name}`, fillText(EDITOR_TEXT.fieldRequired, { field: label }))
  if (trimmed.length > max) refuse(`${field}.${name}`, fillText(EDITOR_TEXT.tooLong, { field: label, max }))
  if (trimmed === '') delete out[name]
  else out[name] = trimmed
}

function whole(
  out: Fields,
  from: Fields,
  name: string,
  field: string,
  label: string,
  min: number,
  max: number,
) {
  const value = from[name]
  if (value === undefined) return
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    refuse(`${field}.${name}`, fillText(EDITOR_TEXT.wholeNumber, { field: label, min, max }))
  out[name] = value
}

/** Whether the runtime knows a time zone (an IANA name or one of its aliases). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** `website`: title, description, time zone, money format, cookies, tracking, comments, likes, captcha. */
export function checkSettingsSection(incoming: unknown, current: unknown): Fields {
  const from = objectOf(incoming, 'website')
  const out: Fields = { ...objectOf(current, 'website'), ...from }
  text(out, from, 'siteTitle', 'website', EDITOR_TEXT.siteTitleLabel, SETTINGS_LIMITS.siteTitle, true)
  text(
    out,
    from,
    'siteDescription',
    'website',
    EDITOR_TEXT.siteDescriptionLabel,
    SETTINGS_LIMITS.siteDescription,
  )
  if (from.timeZone !== undefined) {
    if (typeof from.timeZone !== 'string' || !isKnownTimeZone(from.timeZone))
      notExpected('website.timeZone', from.timeZone)
  }
  for (const name of [
    'useCLDRMoneyFormat',
    'trackingDisabled',
    'commentsEnabled',
    'commentsAllowVisitors',
    'simpleLikingEnabled',
  ])
    flag(out, from, name, 'website')
  choice(out, from, 'cookiePolicy', 'website', COOKIE_POLICIES)
  if (from.captchaSettings !== undefined) {
    const captcha = objectOf(from.captchaSettings, 'website.captchaSettings')
    const next: Fields = { ...captcha }
    text(
      next,
      captcha,
      'siteKey',
      'website.captchaSettings',
      EDITOR_TEXT.captchaSiteKeyLabel,
      SETTINGS_LIMITS.captchaSiteKey,
    )
    if (next.siteKey !== undefined && !/^[A-Za-z0-9_-]+$/.test(String(next.siteKey)))
      notExpected('website.captchaSettings.siteKey', next.siteKey)
    out.captchaSettings = next
  }
  return out
}

/** `storeSettings`: currency, sold-out text, scarcity, back in stock, installments, variant picker… */
export function checkStoreSection(incoming: unknown, current: unknown): Fields {
  const from = objectOf(incoming, 'storeSettings')
  const out: Fields = { ...objectOf(current, 'storeSettings'), ...from }
  const field = 'storeSettings'
  choice(out, from, 'selectedCurrency', field, Object.keys(CURRENCIES))
  choice(out, from, 'variantPickerStyle', field, VARIANT_PICKER_STYLES)
  for (const name of ['multipleQuantityAllowedForServices', 'expressCheckout', 'variantBranching'])
    flag(out, from, name, field)
  text(out, from, 'customSoldOutText', field, EDITOR_TEXT.soldOutTextLabel, SETTINGS_LIMITS.shortText)

  if (from.merchandising !== undefined) {
    const merchandising = objectOf(from.merchandising, `${field}.merchandising`)
    const nextMerchandising: Fields = { ...merchandising }
    if (merchandising.scarcity !== undefined) {
      const at = `${field}.merchandising.scarcity`
      const scarcity = objectOf(merchandising.scarcity, at)
      const next: Fields = { ...scarcity }
      flag(next, scarcity, 'enabled', at)
      flag(next, scarcity, 'shownByDefault', at)
      whole(next, scarcity, 'threshold', at, EDITOR_TEXT.scarcityThresholdLabel, 1, SETTINGS_LIMITS.maxCount)
      text(next, scarcity, 'text', at, EDITOR_TEXT.scarcityTextLabel, SETTINGS_LIMITS.shortText)
      nextMerchandising.scarcity = next
    }
    if (merchandising.restock !== undefined) {
      const at = `${field}.merchandising.restock`
      const restock = objectOf(merchandising.restock, at)
      const next: Fields = { ...restock }
      for (const name of ['enabled', 'mailingListSignUpEnabled', 'mailingListOptInByDefault'])
        flag(next, restock, name, at)
      if (restock.messages !== undefined) {
        const messages = objectOf(restock.messages, `${at}.messages`)
        const texts: Fields = {}
        const labels: [string, string, number][] = [
          ['buttonText', EDITOR_TEXT.restockButtonLabel, SETTINGS_LIMITS.shortText],
          ['CTAText', EDITOR_TEXT.restockCtaLabel, SETTINGS_LIMITS.shortText],
          ['placeholderText', EDITOR_TEXT.restockPlaceholderLabel, SETTINGS_LIMITS.shortText],
          ['mailingListDescription', EDITOR_TEXT.restockMailingListLabel, SETTINGS_LIMITS.longText],
        ]
        for (const [name, label, max] of labels) {
          text(texts, messages, name, `${at}.messages`, label, max)
          // The storefront reads all four: an empty one is stored empty.
          texts[name] ??= ''
        }
        next.messages = texts
      }
      nextMerchandising.restock = next
    }
    out.merchandising = nextMerchandising
  }

  if (from.installments !== undefined && from.installments !== null) {
    const at = `${field}.installments`
    const installments = objectOf(from.installments, at)
    const next: Fields = { ...installments }
    flag(next, installments, 'enabled', at)
    text(
      next,
      installments,
      'provider',
      at,
      EDITOR_TEXT.installmentsProviderLabel,
      SETTINGS_LIMITS.shortText,
      true,
    )
    whole(next, installments, 'count', at, EDITOR_TEXT.installmentsCountLabel, 2, 24)
    const cents = Number.MAX_SAFE_INTEGER
    whole(next, installments, 'afterPayMin', at, EDITOR_TEXT.installmentsMinLabel, 0, cents)
    whole(next, installments, 'afterPayMax', at, EDITOR_TEXT.installmentsMaxLabel, 0, cents)
    if (Number(next.afterPayMin ?? 0) > Number(next.afterPayMax ?? 0))
      refuse(`${at}.afterPayMax`, EDITOR_TEXT.installmentsRange)
    if (typeof next.stripeAccountCountry !== 'string' || !/^[A-Z]{2}$/.test(next.stripeAccountCountry))
      notExpected(`${at}.stripeAccountCountry`, next.stripeAccountCountry)
    out.installments = next
  }
  return out
}

/** One link or folder: a title, a URL the storefront follows (a folder may have none), a page ref. */
function checkLink(link: unknown, field: string, depth: number): Fields {
  const { title, url, ref, children } = objectOf(link, field)
  const name = typeof title === 'string' ? title.trim() : ''
  if (name === '') refuse(`${field}.title`, EDITOR_TEXT.linkTitleRequired)
  if (name.length > SETTINGS_LIMITS.linkTitle)
    refuse(
      `${field}.title`,
      fillText(EDITOR_TEXT.tooLong, { field: EDITOR_TEXT.linkName, max: SETTINGS_LIMITS.linkTitle }),
    )
  const isFolder = depth === 0 && Array.isArray(children) && children.length > 0
  if (children !== undefined && !Array.isArray(children)) notExpected(`${field}.children`, children)
  if (depth > 0 && Array.isArray(children) && children.length > 0)
    refuse(`${field}.children`, EDITOR_TEXT.foldersDoNotNest)
  const hasUrl = typeof url === 'string' && url !== ''
  if ((hasUrl || !isFolder) && !(typeof url === 'string' && followedLinkSchema.safeParse(url).success))
    refuseLink(`${field}.url`)
  return {
    title: name,
    ...(hasUrl ? { url } : {}),
    ...(typeof ref === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(ref) && hasUrl ? { ref } : {}),
    ...(isFolder
      ? { children: (children as unknown[]).map((child, i) => checkLink(child, `${field}.children.${i}`, 1)) }
      : {}),
  }
}

function checkMenu(links: unknown, field: string): Fields[] {
  if (!Array.isArray(links)) notExpected(field, links)
  return links.map((link, index) => checkLink(link, `${field}.${index}`, 0))
}

/**
 * `navigation` and `footerNavigation`: links and folders one level deep, at most
 * NAVIGATION_LINK_LIMIT links in both together; the header keeps at least one; an empty footer
 * list is removed (the footer then shows the header's links).
 */
export function checkNavigationSection(incoming: Fields): {
  navigation: Fields[]
  footerNavigation?: Fields[]
} {
  const navigation = checkMenu(incoming.navigation, 'navigation')
  if (navigation.length === 0) refuse('navigation', EDITOR_TEXT.headerNeedsLink)
  const footer =
    incoming.footerNavigation === undefined ? [] : checkMenu(incoming.footerNavigation, 'footerNavigation')
  if (countNavigationLinks([navigation, footer]) > NAVIGATION_LINK_LIMIT)
    refuse('navigation', fillText(EDITOR_TEXT.navigationLimit, { max: NAVIGATION_LINK_LIMIT }))
  return footer.length === 0 ? { navigation } : { navigation, footerNavigation: footer }
}
