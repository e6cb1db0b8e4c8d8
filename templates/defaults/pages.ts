/**
 * The built-in page templates: what a tenant without templates of its own gets, one per page
 * kind. A tenant overrides any of them with `site:<id>:template:<name>` in KV. Each renders
 * the page's main region; shopper text of the spec comes from `text` (the catalogues in
 * `shared/text/`, localized); the React document shell around it owns `<head>`, and the header and
 * footer templates render the site frame.
 */
import { unlessNotForSale } from './partials'

/** A link of the navigation, the current page marked. */
const navLink = `<a href="{url|htmlattr}"{.if active} aria-current="page"{.end}>{title|html}</a>`

/** A folder's links (platform.md section 3: one level deep). */
const folderLinks = `{.repeated section children}<li>${navLink}</li>{.end}`

/**
 * The header's inline navigation: a folder is a disclosure (`<details>`: Enter or Space opens it
 * with no script; `name` keeps one open at a time) listing its own page first when it has one.
 */
const navigationLinks = `<ul>{.repeated section navigation}<li>{.if children}<details class="nav-folder" name="nav-folder"><summary>{title|html}</summary><ul>{.if url}<li>${navLink}</li>{.end}${folderLinks}</ul></details>{.or}${navLink}{.end}</li>{.end}</ul>`

/** A folder in a list that is never folded (the phone menu, the footer): its title, its links indented. */
const folderTitle = `{.if url}${navLink}{.or}<span class="nav-folder-title">{title|html}</span>{.end}`

/** The phone menu: every link shown, a folder's links indented under its title. */
const menuLinks = `<ul>{.repeated section navigation}<li>{.if children}${folderTitle}<ul class="nav-folder-links">${folderLinks}</ul>{.or}${navLink}{.end}</li>{.end}</ul>`

/**
 * The logo (with the site title as its accessible name) or the title; the navigation inline
 * from 992 px and folded into a `<details>` menu below (no script: the browser opens it, the
 * summary is a focusable disclosure button); search; the cart slot: a plain link to the cart
 * page, which the pill cart (with the count) replaces while the cart holds anything.
 */
const header = `<a class="skip-link" href="#content">{text.theme.themeSkipToContent|html}</a>
<div class="site-header-inner">
  <details class="site-menu">
    <summary class="site-menu-toggle icon-button"><svg class="menu-open" aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M3 6h18M3 12h18M3 18h18"/></svg><svg class="menu-close" aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="m6 6 12 12M18 6 6 18"/></svg><span class="visually-hidden">{text.theme.themeMenu|html}</span></summary>
    <nav class="site-menu-panel" aria-label="{text.theme.themeMainNavigation|htmlattr}">${menuLinks}</nav>
  </details>
  <a class="site-logo" href="/">{.section website}{.section logoImage}
    <img src="{assetUrl|htmlattr}" alt="{website.siteTitle|htmlattr}" width="{originalSize|width}" height="{originalSize|height}">{.or}<span class="site-title">{siteTitle|html}</span>{.end}{.end}</a>
  <nav class="site-navigation" aria-label="{text.theme.themeMainNavigation|htmlattr}">${navigationLinks}</nav>
  <div class="site-actions">
    <a class="site-search icon-button" href="/search"><svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><circle cx="10.5" cy="10.5" r="6.5"/><path d="m15.5 15.5 5 5"/></svg><span class="visually-hidden">{text.theme.themeSearch|html}</span></a>
    {.section storeSettings}<a class="site-cart icon-button" href="{@|cart-url}"><svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path d="M5 8h14l-1.2 12H6.2z"/><path d="M9 8V6.5a3 3 0 0 1 6 0V8"/></svg><span class="visually-hidden">{text.theme.themeCart|html}</span></a>{@|cart-pill}{.end}
  </div>
</div>`

/** The footer's navigation (else the header's), its newsletter form where it has one, the store's currency, the copyright. */
const footer = `<div class="site-footer-inner">
  {.section newsletterForm}<section class="footer-newsletter" aria-labelledby="footer-newsletter-title"><h2 class="footer-heading" id="footer-newsletter-title">{name|html}</h2>{@|public-form}</section>{.end}
  <nav class="footer-navigation" aria-label="{text.theme.themeFooterNavigation|htmlattr}"><ul>{.repeated section footerNavigation}<li>{.if children}{.if url}<a href="{url|htmlattr}">{title|html}</a>{.or}<span class="nav-folder-title">{title|html}</span>{.end}<ul class="nav-folder-links">{.repeated section children}<li><a href="{url|htmlattr}">{title|html}</a></li>{.end}</ul>{.or}<a href="{url|htmlattr}">{title|html}</a>{.end}</li>{.end}</ul></nav>
  <p class="footer-legal"><span>© {copyrightYear|html} {website.siteTitle|html}</span>{.section storeSettings}<span>{text.theme.themePricesIn|html} {selectedCurrency|html}</span>{.end}</p>
</div>`

const page = `<section class="page">
  {.section memberArea}{@|member-account}{.end}
  {collection|apply page-content.block}
  {.section form}<div class="page-form">{@|public-form}</div>{.end}
</section>`

/** Cards in a grid of 2, 3 or 4 columns; the images take the collection's aspect ratio. */
const products = `<section class="products-list" data-image-ratio="{collection.imageAspectRatio|htmlattr}">
  {.section collection}<header class="collection-header"><h1 class="collection-title">{title|html}</h1>
  {.section description}<p class="collection-description">{@|html}</p>{.end}</header>{.end}
  {.section items}<ul class="product-grid">{.repeated section @}<li class="product-grid-cell">{@|apply product-card.block}</li>{.end}</ul>{.or}<p class="empty">{text.theme.themeNoProducts|html}</p>{.end}
  {@|apply pagination.block}
</section>`

/** In place of the add-to-cart block of a product the cart does not take (partials.ts `unlessNotForSale`). */
const productNotForSaleNote = `<p class="product-not-for-sale">{.equal? structuredContent.productType 5}{text.catalogueTypes.paywallNote|html}{.or}{text.catalogueTypes.unknownTypeNote|html}{.end}</p>`

/**
 * Two columns from 992 px: the gallery on the left; title and price, then the buy box (sticky
 * while the gallery scrolls) on the right. One column below, in document order: title and
 * price, gallery, buy box (the page streams in, so what shows first never moves). The
 * description is printed once: the body, else the excerpt.
 */
const product = `{.section item}<article class="product-detail" data-item-id="{id|htmlattr}">
  <nav class="breadcrumb" aria-label="{text.theme.themeBreadcrumb|htmlattr}"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></nav>
  <div class="product-layout">
    <div class="product-summary">
      <h1 class="product-title">{title|html}</h1>
      {@|product-reviews-summary}
      ${unlessNotForSale('{@|product-price}\n      {@|product-status}', '{@|apply product-type-mark.block}')}
    </div>
    <div class="product-images">
      {@|product-gallery}
    </div>
    <div class="product-meta">
      ${unlessNotForSale('{@|installment-teaser}\n      {@|product-scarcity}', '')}
      {.if structuredContent.audioAssetUrl}{@|audio-player}{.end}
      ${unlessNotForSale('{@|product-checkout}\n      {@|product-restock-notification}', productNotForSaleNote)}
      {.section body}<div class="product-description">{@}</div>{.or}{.excerpt?}<div class="product-description">{excerpt}</div>{.end}{.end}
      {.if website.simpleLikingEnabled}{@|like-button}{.end}
    </div>
  </div>
  {@|product-reviews}
  {.comments?}<section class="product-comments" id="comments">{@|comment-link}{@|comments}</section>{.end}
</article>{.end}`

const blog = `<section class="blog-list" data-image-ratio="{collection.imageAspectRatio|htmlattr}">
  {.section collection}<header class="collection-header"><h1 class="collection-title">{title|html}</h1>
  {.section description}<p class="collection-description">{@|html}</p>{.end}</header>{.end}
  {.section items}<div class="post-grid">{.repeated section @}{@|apply post-summary.block}{.end}</div>{.or}<p class="empty">{text.theme.themeNoPosts|html}</p>{.end}
  {@|apply pagination.block}
</section>`

const blogItem = `{.section item}<article class="blog-item">
  <header class="blog-item-header">
    <nav class="breadcrumb" aria-label="{text.theme.themeBreadcrumb|htmlattr}"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></nav>
    <h1 class="blog-item-title">{title|html}</h1>
    <p class="blog-item-meta"><time datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %B %e, %Y}</time>{.section author}<span class="post-author">{text.theme.themeBy|html} {displayName|html}</span>{.end}</p>
  </header>
  {.section mainImage}<img class="blog-item-image" src="{assetUrl|htmlattr}" srcset="{@|srcset}" sizes="(max-width: 1200px) 100vw, 1200px" alt="{altText|htmlattr}" width="{originalSize|width}" height="{originalSize|height}">{.end}
  <div class="blog-item-body">{body}</div>
  <footer class="blog-item-footer">
    {.if website.simpleLikingEnabled}{@|like-button}{.end}
    {.comments?}{@|comment-link}{.end}
  </footer>
  {.comments?}<section class="blog-item-comments" id="comments">{@|comments}</section>{.end}
</article>{.end}`

const events = `<section class="events-list">
  {.section collection}<header class="collection-header"><h1 class="collection-title">{title|html}</h1>
  {.section description}<p class="collection-description">{@|html}</p>{.end}</header>{.end}
  <section class="events-group events-upcoming" aria-labelledby="events-upcoming"><h2 class="events-heading" id="events-upcoming">{text.theme.themeUpcomingEvents|html}</h2>
  {.section upcoming}<div class="event-cards">{.repeated section @}{@|apply event-summary.block}{.end}</div>{.or}<p class="empty">{text.theme.themeNoUpcomingEvents|html}</p>{.end}</section>
  <section class="events-group events-past" aria-labelledby="events-past"><h2 class="events-heading" id="events-past">{text.theme.themePastEvents|html}</h2>
  {.section past}<div class="event-cards">{.repeated section @}{@|apply event-summary.block}{.end}</div>{.or}<p class="empty">{text.theme.themeNoPastEvents|html}</p>{.end}</section>
</section>`

const eventItem = `{.section item}<article class="event-item">
  <nav class="breadcrumb" aria-label="{text.theme.themeBreadcrumb|htmlattr}"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></nav>
  <header class="event-item-header">
    <div class="event-date" aria-hidden="true"><span class="event-date-month">{startDate|date %b}</span><span class="event-date-day">{startDate|date %e}</span></div>
    <div>
      <h1 class="event-item-title">{title|html}</h1>
      <p class="event-item-when"><time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y, %l:%M %p}</time> – <time datetime="{endDate|date %Y-%m-%dT%H:%M}">{.same-day?}{endDate|date %l:%M %p}{.or}{endDate|date %A, %B %e, %Y, %l:%M %p}{.end}</time></p>
      {.section location}<address class="event-item-where">{.section addressTitle}{@|html}<br>{.end}{.section addressLine1}{@|html}<br>{.end}{.section addressLine2}{@|html}{.end}</address>{.end}
      <p><a class="event-item-calendar button button--secondary" href="{@|google-calendar-url}" rel="noopener" target="_blank">{text.theme.themeAddToCalendar|html}</a></p>
    </div>
  </header>
  {.section mainImage}<img class="event-item-image" src="{assetUrl|htmlattr}" srcset="{@|srcset}" sizes="(max-width: 1200px) 100vw, 1200px" alt="{altText|htmlattr}" width="{originalSize|width}" height="{originalSize|height}">{.end}
  <div class="event-item-body">{body}</div>
</article>{.end}`

const gallery = `<section class="gallery-page">
  {.section collection}<header class="collection-header"><h1 class="collection-title">{title|html}</h1>
  {.section description}<p class="collection-description">{@|html}</p>{.end}</header>{.end}
  {collection|gallery}
</section>`

const form = `<section class="page form-page">
  {collection|apply page-content.block}
  <div class="page-form">{form|public-form}</div>
</section>`

/**
 * Quick View's dialog body (islands/quick-view, `API.quickView`): the product page's own widgets
 * (gallery, price, status, the checkout block with the variant picker, quantity and add-to-cart
 * islands) for one item, in an `article.product-detail` so the picker updates the price and
 * gallery beside it in the dialog, as it does on the product page.
 */
const quickView = `{.section item}<article class="product-detail quick-view-product" data-item-id="{id|htmlattr}">
  <div class="quick-view-images">{@|product-gallery}</div>
  <div class="quick-view-summary">
    <h2 class="product-title quick-view-title">{title|html}</h2>
    {@|product-price}
    {@|product-status}
    {@|product-checkout}
    <a class="quick-view-details" href="{fullUrl|htmlattr}">{text.quickView.quickViewDetails|html}</a>
  </div>
</article>{.end}`

const search = `<section class="search-page">
  <h1 class="page-title">{text.theme.themeSearch|html}</h1>
  <form class="search-form" action="/search" method="get" role="search">
    <label for="search-query">{text.theme.themeSearchLabel|html}</label>
    <div class="search-form-row">
      <input id="search-query" type="search" name="q" value="{search.query|htmlattr}" maxlength="200">
      <button class="button" type="submit">{text.theme.themeSearch|html}</button>
    </div>
  </form>
  {.section search}{.if query}
  <p class="search-summary">{resultCount} {.equal? resultCount 1}{text.theme.themeResult|html}{.or}{text.theme.themeResults|html}{.end} {text.theme.themeResultsFor|html} “{query|html}”</p>
  <ul class="search-results">{.repeated section results}<li class="search-result"><a href="{fullUrl|htmlattr}">{title|html}</a>{.section kind} <span class="search-result-kind">{@|html}</span>{.end}</li>{.end}</ul>
  {.end}{.end}
</section>`

const notFound = `<section class="status-page">
  <h1>{text.engine.notFoundTitle|html}</h1>
  <p>{text.engine.notFoundMessage|html}</p>
  <p><a class="button" href="/">{text.engine.notFoundHomeLink|html}</a></p>
</section>`

const lockScreen = `<section class="status-page lock-screen">
  <h1>{text.engine.lockScreenTitle|html}</h1>
  <p>{collection.title|html} is protected by a password.</p>
  {.section lockScreen}<form class="lock-screen-form" method="post" action="{action|htmlattr}">
    {.section error}<p class="lock-screen-error" id="lock-screen-error" role="alert">{@|html}</p>{.end}
    <label for="lock-screen-password">{text.account.passwordLabel|html}</label>
    <input id="lock-screen-password" type="password" name="password" autocomplete="current-password" required maxlength="1024"{.section error} aria-invalid="true" aria-describedby="lock-screen-error"{.end}>
    <button type="submit">{text.account.unlockButton|html}</button>
  </form>{.end}
</section>`

const memberDenied = `<section class="status-page member-area-denied">
  <h1>{text.engine.memberAreaTitle|html}</h1>
  {memberArea|member-account}
</section>`

/** Page kind -> template source. Keys are also the KV names a tenant overrides. */
export const DEFAULT_TEMPLATES = {
  header,
  footer,
  page,
  products,
  product,
  blog,
  'blog-item': blogItem,
  events,
  'event-item': eventItem,
  gallery,
  form,
  search,
  'quick-view': quickView,
  'not-found': notFound,
  'lock-screen': lockScreen,
  'member-denied': memberDenied,
} as const

export type TemplateName = keyof typeof DEFAULT_TEMPLATES
