/** One item's page: a product, a blog post or an event. */
import type { Tenant } from '../context'
import type { Collection, Item } from '../records'
import { Document } from './document'
import { ProductPrice } from './price'

export function ItemPage({
  tenant,
  collection,
  item,
}: {
  tenant: Tenant
  collection: Collection
  item: Item
}) {
  return (
    <Document
      tenant={tenant}
      title={item.title}
      description={item.excerpt.replace(/<[^>]*>/g, '')}
      path={item.fullUrl}
    >
      <nav aria-label="Breadcrumb">
        <a href={collection.fullUrl}>{collection.title}</a>
      </nav>
      <article className="item">
        <h1>{item.title}</h1>
        {item.mainImage && <img src={item.mainImage.assetUrl} alt={item.mainImage.altText ?? ''} />}
        {item.structuredContent && <ProductPrice item={item} locale={tenant.site.website.language} />}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rich text the merchant wrote in the site editor for their own host; the tenant's HTML is theirs by design (as in tenant templates). */}
        <div className="item-body" dangerouslySetInnerHTML={{ __html: item.body }} />
      </article>
    </Document>
  )
}
