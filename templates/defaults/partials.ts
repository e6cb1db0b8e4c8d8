/**
 * Built-in partials the default page templates apply (`{@|apply product-card.block}`), also
 * available to tenant templates. Merchant text goes through `html` / `htmlattr`; rich-text
 * fields (`body`, `excerpt`, `mainContent`) are the merchant's own HTML and print as written.
 */

const productCard = `<article class="product-card{.sold-out?} product-card--sold-out{.end}{.on-sale?} product-card--on-sale{.end}" data-item-id="{id|htmlattr}">
  <a class="product-card-link" href="{fullUrl|htmlattr}">
    {.section mainImage}<img class="product-card-image" src="{assetUrl|htmlattr}" alt="{altText|htmlattr}" width="{originalSize|width}" height="{originalSize|height}" loading="lazy" decoding="async">{.end}
    <h2 class="product-card-title">{title|html}</h2>
  </a>
  {@|product-price}
  {@|product-status}
</article>`

const postSummary = `<article class="post-summary">
  <h2 class="post-summary-title"><a href="{fullUrl|htmlattr}">{title|html}</a></h2>
  <p class="post-summary-meta">{.section author}<span class="post-author">{displayName|html}</span> · {.end}<time datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %B %e, %Y}</time>{.if publicCommentCount} · <a href="{fullUrl|htmlattr}#comments">{@|comment-count}</a>{.end}</p>
  {.excerpt?}<div class="post-summary-excerpt">{excerpt}</div>{.end}
</article>`

const eventSummary = `<article class="event-summary">
  <h3 class="event-summary-title"><a href="{fullUrl|htmlattr}">{title|html}</a></h3>
  <p class="event-summary-when"><time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y}</time>{.same-day?} · {startDate|date %l:%M %p} – {endDate|date %l:%M %p}{.or} – <time datetime="{endDate|date %Y-%m-%d}">{endDate|date %A, %B %e, %Y}</time>{.end}</p>
  {.section location}{.section addressTitle}<p class="event-summary-where">{@|html}</p>{.end}{.end}
</article>`

const pagination = `{.section pagination}<nav class="pagination" aria-label="Pages">{.section prevPageUrl}<a class="pagination-prev" rel="prev" href="{@|htmlattr}">Previous</a>{.end} <span class="pagination-current">Page {page} of {pageCount}</span> {.section nextPageUrl}<a class="pagination-next" rel="next" href="{@|htmlattr}">Next</a>{.end}</nav>{.end}`

/** A page's content is the merchant's, headings included; the title heads it only when it has none. */
const pageContent = `{.section mainContent}<div class="page-content">{@}</div>{.or}<h1 class="page-title">{title|html}</h1>
{.section description}<p class="page-description">{@|html}</p>{.end}{.end}`

export const DEFAULT_PARTIALS: Readonly<Record<string, string>> = {
  'product-card.block': productCard,
  'post-summary.block': postSummary,
  'event-summary.block': eventSummary,
  'pagination.block': pagination,
  'page-content.block': pageContent,
}
