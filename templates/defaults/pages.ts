/**
 * The built-in page templates: what a tenant without templates of its own gets, one per page
 * kind. A tenant overrides any of them with `site:<id>:template:<name>` in KV. Each renders
 * the page's main region; shopper text of the spec comes from `text` (the catalogues in
 * `templates/text/`, localized); the React document shell around it owns `<head>`, and the header and
 * footer templates render the site frame.
 */

const header = `<div class="site-header-inner">
  <a class="site-title" href="/">{website.siteTitle|html}</a>
  <nav class="site-navigation" aria-label="Main">
    <ul>{.repeated section navigation}<li><a href="{url|htmlattr}"{.if active} aria-current="page"{.end}>{title|html}</a></li>{.end}</ul>
  </nav>
  <a class="site-search-link" href="/search">Search</a>
  {.section storeSettings}<a class="site-cart-link" href="{@|cart-url}">Cart</a>{.end}
</div>`

const footer = `<div class="site-footer-inner">
  <p>© {website.siteTitle|html}{.section storeSettings} · Prices in {selectedCurrency}{.end}</p>
</div>`

const page = `<section class="page">
  {collection|apply page-content.block}
  {.section form}<div class="page-form">{@|public-form}</div>{.end}
</section>`

const products = `<section class="products-list">
  {.section collection}<h1 class="collection-title">{title|html}</h1>
  {.section description}<p class="collection-description">{@|html}</p>{.end}{.end}
  {.repeated section items}<div class="product-grid-cell">{@|apply product-card.block}</div>{.or}<p class="empty">No products yet.</p>{.end}
  {@|apply pagination.block}
</section>`

const product = `{.section item}<article class="product-detail" data-item-id="{id|htmlattr}">
  <nav class="breadcrumb" aria-label="Breadcrumb"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></nav>
  <div class="product-layout">
    <div class="product-images">
      {@|product-gallery}
    </div>
    <div class="product-meta">
      <h1 class="product-title">{title|html}</h1>
      {@|product-reviews-summary}
      {@|product-price}
      {@|installment-teaser}
      {@|product-status}
      {@|product-scarcity}
      {.excerpt?}<div class="product-excerpt">{excerpt}</div>{.end}
      {.if structuredContent.audioAssetUrl}{@|audio-player}{.end}
      {@|product-checkout}
      {@|product-restock-notification}
      {.if website.simpleLikingEnabled}{@|like-button}{.end}
    </div>
  </div>
  {.section body}<div class="product-description">{@}</div>{.end}
  {@|product-reviews}
  {.comments?}<section class="product-comments" id="comments">{@|comment-link}{@|comments}</section>{.end}
</article>{.end}`

const blog = `<section class="blog-list">
  {.section collection}<h1 class="collection-title">{title|html}</h1>{.end}
  {.repeated section items}{@|apply post-summary.block}{.or}<p class="empty">No posts yet.</p>{.end}
  {@|apply pagination.block}
</section>`

const blogItem = `{.section item}<article class="blog-item">
  <nav class="breadcrumb" aria-label="Breadcrumb"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></nav>
  <h1 class="blog-item-title">{title|html}</h1>
  <p class="blog-item-meta">{.section author}<span class="post-author">{displayName|html}</span> · {.end}<time datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %B %e, %Y}</time></p>
  {.section mainImage}<img class="blog-item-image" src="{assetUrl|htmlattr}" alt="{altText|htmlattr}" width="{originalSize|width}" height="{originalSize|height}">{.end}
  <div class="blog-item-body">{body}</div>
  <footer class="blog-item-footer">
    {.if website.simpleLikingEnabled}{@|like-button}{.end}
    {.comments?}{@|comment-link}{.end}
  </footer>
  {.comments?}<section class="blog-item-comments" id="comments">{@|comments}</section>{.end}
</article>{.end}`

const events = `<section class="events-list">
  {.section collection}<h1 class="collection-title">{title|html}</h1>{.end}
  <h2 class="events-heading">Upcoming events</h2>
  {.repeated section upcoming}{@|apply event-summary.block}{.or}<p class="empty">No upcoming events.</p>{.end}
  <h2 class="events-heading">Past events</h2>
  {.repeated section past}{@|apply event-summary.block}{.or}<p class="empty">No past events.</p>{.end}
</section>`

const eventItem = `{.section item}<article class="event-item">
  <nav class="breadcrumb" aria-label="Breadcrumb"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></nav>
  <h1 class="event-item-title">{title|html}</h1>
  <p class="event-item-when"><time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y, %l:%M %p}</time> – <time datetime="{endDate|date %Y-%m-%dT%H:%M}">{.same-day?}{endDate|date %l:%M %p}{.or}{endDate|date %A, %B %e, %Y, %l:%M %p}{.end}</time></p>
  {.section location}<address class="event-item-where">{.section addressTitle}{@|html}<br>{.end}{.section addressLine1}{@|html}<br>{.end}{.section addressLine2}{@|html}{.end}</address>{.end}
  <p><a class="event-item-calendar" href="{@|google-calendar-url}" rel="noopener" target="_blank">Add to Google Calendar</a></p>
  <div class="event-item-body">{body}</div>
</article>{.end}`

const gallery = `<section class="gallery-page">
  {.section collection}<h1 class="collection-title">{title|html}</h1>
  {.section description}<p class="collection-description">{@|html}</p>{.end}{.end}
  {collection|gallery}
</section>`

const form = `<section class="page form-page">
  {collection|apply page-content.block}
  {form|public-form}
</section>`

const search = `<section class="search-page">
  <h1 class="page-title">Search</h1>
  <form class="search-form" action="/search" method="get" role="search">
    <label for="search-query">Search this site</label>
    <input id="search-query" type="search" name="q" value="{search.query|htmlattr}" maxlength="200">
    <button type="submit">Search</button>
  </form>
  {.section search}{.if query}
  <p class="search-summary">{resultCount} {.equal? resultCount 1}result{.or}results{.end} for “{query|html}”</p>
  <ul class="search-results">{.repeated section results}<li class="search-result"><a href="{fullUrl|htmlattr}">{title|html}</a>{.section kind} <span class="search-result-kind">{@|html}</span>{.end}</li>{.end}</ul>
  {.end}{.end}
</section>`

const notFound = `<section class="status-page">
  <h1>{text.engine.notFoundTitle|html}</h1>
  <p>{text.engine.notFoundMessage|html}</p>
  <p><a href="/">{text.engine.notFoundHomeLink|html}</a></p>
</section>`

const lockScreen = `<section class="status-page lock-screen">
  <h1>{text.engine.lockScreenTitle|html}</h1>
  <p>{collection.title|html} is protected by a password.</p>
</section>`

const memberDenied = `<section class="status-page member-area-denied">
  <h1>{text.engine.memberAreaTitle|html}</h1>
  <p>Sign in with a member account to read {collection.title|html}.</p>
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
  'not-found': notFound,
  'lock-screen': lockScreen,
  'member-denied': memberDenied,
} as const

export type TemplateName = keyof typeof DEFAULT_TEMPLATES
