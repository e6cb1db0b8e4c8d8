/**
 * Built-in partials the default page templates apply (`{@|apply product-card.block}`), also
 * available to tenant templates. Merchant text goes through `html` / `htmlattr`; rich-text
 * fields (`body`, `excerpt`, `mainContent`) are the merchant's own HTML and print as written.
 */

/**
 * `sold` for a product the cart takes, else `shown`: a paywall product (type 5) and one of a
 * type the platform does not know (above 5, or 0) are shown with a label instead of a price and
 * an add-to-cart block (issue 24; shared/products.ts `notForSaleKind` is the same rule in code).
 */
export function unlessNotForSale(sold: string, shown: string): string {
  return `{.greaterThan? structuredContent.productType 4}${shown}{.or lessThan? structuredContent.productType 1}${shown}{.or}${sold}{.end}`
}

/** The label of a product that is shown but not sold through the cart, in place of its price. */
const productTypeMark = `<p class="product-type-mark">{.equal? structuredContent.productType 5}{text.catalogueTypes.paywallLabel|html}{.or}{text.catalogueTypes.unknownTypeLabel|html}{.end}</p>`

/**
 * A product card: the image at the list's aspect ratio (`srcset` at the platform's widths, the
 * first row loaded at once and the rest lazily, intrinsic size given so nothing shifts), the
 * sale and sold-out badges over it, the title as the card's one link (stretched over the card
 * by CSS, so the link's name is the title alone), the price with a sale's original struck, and
 * the Quick View button over the image: a link to the product's page, which the quick-view
 * script (islands/quick-view) turns into the button that opens the product in a dialog.
 */
const productCard = `<article class="product-card${unlessNotForSale('{.sold-out?} product-card--sold-out{.end}{.on-sale?} product-card--on-sale{.end}', '')}" data-item-id="{id|htmlattr}">
  <div class="product-card-media">{.section mainImage}
    <img class="product-card-image" src="{assetUrl|htmlattr}" srcset="{@|srcset}" sizes="(max-width: 432px) 50vw, (max-width: 991px) 33vw, 320px" alt="{altText|htmlattr}" width="{originalSize|width}" height="{originalSize|height}"{.lessThanOrEqual? @index 4}{.or} loading="lazy"{.end} decoding="async">{.end}
    ${unlessNotForSale('{@|product-status}', '')}
    ${unlessNotForSale('<a class="product-card-quick-view" href="{fullUrl|htmlattr}" data-quick-view="{id|htmlattr}" aria-label="{text.quickView.quickView|htmlattr}: {title|htmlattr}">{text.quickView.quickView|html}</a>', '')}</div>
  <h2 class="product-card-title"><a class="product-card-link" href="{fullUrl|htmlattr}">{title|html}</a></h2>
  ${unlessNotForSale('{@|product-price}', '{@|apply product-type-mark.block}')}
</article>`

/** A post card: image, date and author, title (the card's link), excerpt. */
const postSummary = `<article class="post-card">
  {.section mainImage}<div class="post-card-media">
    <img src="{assetUrl|htmlattr}" srcset="{@|srcset}" sizes="(max-width: 640px) 100vw, (max-width: 991px) 50vw, 400px" alt="{altText|htmlattr}" width="{originalSize|width}" height="{originalSize|height}"{.lessThanOrEqual? @index 3}{.or} loading="lazy"{.end} decoding="async"></div>{.end}
  <p class="post-card-meta"><time datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %B %e, %Y}</time>{.section author}<span class="post-author">{text.theme.themeBy|html} {displayName|html}</span>{.end}</p>
  <h2 class="post-card-title"><a class="post-card-link" href="{fullUrl|htmlattr}">{title|html}</a></h2>
  {.excerpt?}<div class="post-card-excerpt">{excerpt}</div>{.end}
  {.if publicCommentCount}<p class="post-card-comments"><a href="{fullUrl|htmlattr}#comments">{@|comment-count}</a></p>{.end}
</article>`

/** An event: a date badge (the month and day; the full date is in the text), title, time and place. */
const eventSummary = `<article class="event-card">
  <div class="event-date" aria-hidden="true"><span class="event-date-month">{startDate|date %b}</span><span class="event-date-day">{startDate|date %e}</span></div>
  <div class="event-card-body">
    <h3 class="event-card-title"><a class="event-card-link" href="{fullUrl|htmlattr}">{title|html}</a></h3>
    <p class="event-card-when"><time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y}</time>{.same-day?} · {startDate|date %l:%M %p} – {endDate|date %l:%M %p}{.or} – <time datetime="{endDate|date %Y-%m-%d}">{endDate|date %A, %B %e, %Y}</time>{.end}</p>
    {.section location}{.section addressTitle}<p class="event-card-where">{@|html}</p>{.end}{.end}
  </div>
</article>`

const pagination = `{.section pagination}<nav class="pagination" aria-label="{text.theme.themePages|htmlattr}">{.section prevPageUrl}<a class="button button--secondary pagination-prev" rel="prev" href="{@|htmlattr}">{text.theme.themePrevious|html}</a>{.end}<span class="pagination-current">{text.theme.themePage|html} {page} {text.theme.themePageOf|html} {pageCount}</span>{.section nextPageUrl}<a class="button button--secondary pagination-next" rel="next" href="{@|htmlattr}">{text.theme.themeNext|html}</a>{.end}</nav>{.end}`

/** A page's content is the merchant's, headings included; the title heads it only when it has none. */
const pageContent = `{.section mainContent}<div class="page-content">{@}</div>{.or}<h1 class="page-title">{title|html}</h1>
{.section description}<p class="page-description">{@|html}</p>{.end}{.end}`

export const DEFAULT_PARTIALS: Readonly<Record<string, string>> = {
  'product-card.block': productCard,
  'product-type-mark.block': productTypeMark,
  'post-summary.block': postSummary,
  'event-summary.block': eventSummary,
  'pagination.block': pagination,
  'page-content.block': pageContent,
}
