/**
 * The `<head>` of a storefront page: title, description, canonical URL, Open Graph and, on
 * product pages, JSON-LD `Product` / `Offer` (schema.org) with price, currency and
 * availability. Rendered by React (escaping every value) and sent before the page's slow parts.
 */

import { jsonForHtml } from '../../islands/index'
import { currencyTemplate, isVariantInStock, notForSaleKind, plainText } from '../../shared/index'
import { fontFilesOf } from '../../shared/theme'
import type { Item } from '../catalogue/records'
import type { Tenant } from '../env'
import { SettledCache } from '../runtime/isolate-cache'
import { renderToString } from './react-server'
import { SHARED_STYLESHEET_URL } from './stylesheet'
import { themeCss } from './theme'

export interface HeadData {
  /** Page title; the site title is appended unless they are the same. */
  title: string
  description?: string
  /** Site-relative canonical path; null for pages that have none (404). */
  path: string | null
  type: 'website' | 'product' | 'article'
  image?: string
  /** A product page's item: adds JSON-LD `Product` with its offers. */
  product?: Item
  /** Pages that must stay out of search results (lock screen, member area, search). */
  noindex?: boolean
}

function absolute(url: string, origin: string): string {
  return new URL(url, origin).href
}

/** schema.org Product with one Offer per variant; none for a product the cart does not take. */
export function productJsonLd(item: Item, origin: string): Record<string, unknown> {
  const content = item.structuredContent
  const sold = notForSaleKind(item) === null ? (content?.variants ?? []) : []
  const offers = sold.map((variant) => {
    const money = variant.onSale ? variant.salePriceMoney : variant.priceMoney
    return {
      '@type': 'Offer',
      sku: variant.sku,
      price: money.value,
      priceCurrency: money.currency,
      availability: isVariantInStock(variant)
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
    }
  })
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title,
    // The page's URL once, for the product, not on each of its offers (a 12-variant product
    // printed it 12 times); an offer without its own `url` is the product's.
    url: absolute(item.fullUrl, origin),
    ...(item.excerpt ? { description: plainText(item.excerpt) } : {}),
    ...(item.mainImage ? { image: absolute(item.mainImage.assetUrl, origin) } : {}),
    ...(content?.variants[0] ? { sku: content.variants[0].sku } : {}),
    offers,
  }
}

/**
 * Legacy money display prints the bare amount in `.sqs-money-native`; the currency's symbol
 * goes around it in CSS, placed as its legacy template says ('$12.00', '12.00 kr', '₪ 12.00',
 * '$12.00 CAD'), so prices need no script. CLDR display prints the symbol itself.
 */
export function moneySymbolCss(tenant: Tenant): string {
  const store = tenant.site.storeSettings
  if (!store || tenant.site.website.useCLDRMoneyFormat) return ''
  const currency = store.selectedCurrency
  const t = currencyTemplate(currency, 'native')
  const before = t.trailing ? '' : `${t.symbol}${t.spaced ? ' ' : ''}`
  const after = t.trailing ? ` ${t.symbol}` : t.withCode ? ` ${currency}` : ''
  const rule = (pseudo: string, text: string) =>
    text ? `.sqs-money-native::${pseudo}{content:${JSON.stringify(text)}}` : ''
  return rule('before', before) + rule('after', after)
}

/**
 * The page's one inline style block: what is the tenant's own (its theme's variables and fonts,
 * the money symbols) and any CSS the page adds (`extra`); the rules every page shares are the
 * linked stylesheet (stylesheet.ts). `streamPage` writes it and the Content-Security-Policy allows
 * exactly it by hash, so cached pages stay valid.
 */
export function pageStyles(tenant: Tenant, extra: string): string {
  // A `<` could only end the style element early; none of our CSS needs one.
  return (themeCss(tenant.site) + moneySymbolCss(tenant) + extra).replaceAll('<', '')
}

/** The catalogue files a page's first paint uses: the heading font's bold (headings are 700), the body font's regular. */
function fontPreloads(theme: Tenant['site']['theme']): string[] {
  const heading = fontFilesOf(theme?.headingFont)
  const urls = [
    (heading.find((file) => file.weight === 700) ?? heading[0])?.url,
    fontFilesOf(theme?.bodyFont)[0]?.url,
  ]
  return [...new Set(urls.filter((url): url is string => url !== undefined))]
}

function HeadTags({ tenant, head }: { tenant: Tenant; head: HeadData }) {
  const { website } = tenant.site
  const title = head.title === website.siteTitle ? head.title : `${head.title} — ${website.siteTitle}`
  const description = head.description ?? website.siteDescription
  const url = head.path === null ? null : absolute(head.path, tenant.origin)
  const preloads = fontPreloads(tenant.site.theme)
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {/* Paint nothing before the header is whole: the page is streamed, and a header painted
          half-parsed would then move (a layout shift; issue #11 allows none). */}
      <link rel="expect" href="#content" blocking="render" />
      {/* Render-blocking on purpose: the page's shape comes from it (a page painted before it
          would move). Its request starts with the response's headers (`Link`, document.ts), and a
          second page view has it cached (a year, immutable: the name is its hash). */}
      <link rel="stylesheet" href={SHARED_STYLESHEET_URL} />
      <title>{title}</title>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {description && <meta name="description" content={description} />}
      {/* Measured (tests/browser/design.spec.ts): without these the faces could arrive after the
          first paint, and their swap moved the page. */}
      {preloads.map((href) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
      ))}
      {/* A Typekit Kit (theme.typekitKitId, 7 letters and digits): the CSP allows its origins for this site. */}
      {tenant.site.theme?.typekitKitId && (
        <link rel="stylesheet" href={`https://use.typekit.net/${tenant.site.theme.typekitKitId}.css`} />
      )}
      {head.noindex && <meta name="robots" content="noindex" />}
      {url && <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={website.siteTitle} />
      <meta property="og:title" content={head.title} />
      <meta property="og:type" content={head.type} />
      {url && <meta property="og:url" content={url} />}
      {description && <meta property="og:description" content={description} />}
      {head.image && <meta property="og:image" content={absolute(head.image, tenant.origin)} />}
      {head.product && (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script element by jsonForHtml.
          dangerouslySetInnerHTML={{ __html: jsonForHtml(productJsonLd(head.product, tenant.origin)) }}
        />
      )}
    </>
  )
}

/**
 * Heads by tenant, content version, origin and page (settled strings, isolate-cache.ts): a page's
 * head changes only with its records, which change only with the version, so React renders each
 * once per version rather than on every view (issue 26). A product's head is named by its id:
 * its record is the version's.
 */
const heads = new SettledCache<string>(2000)

/** The inside of `<head>` as HTML, but for its style block (see `pageStyles`). */
export function renderHead(tenant: Tenant, head: HeadData): string {
  const page = JSON.stringify({ ...head, product: head.product?.id })
  const key = `${tenant.siteId}\u0000${tenant.version}\u0000${tenant.origin}\u0000${page}`
  return heads.get(key) ?? heads.set(key, renderToString(<HeadTags tenant={tenant} head={head} />))
}
