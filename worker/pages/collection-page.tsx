/** A collection page: an ordinary page, a product list, a blog, an event list or a gallery. */
import type { Tenant } from '../context'
import type { Collection, Item } from '../records'
import { Document } from './document'
import { ProductPrice } from './price'

export interface CollectionPageProps {
  tenant: Tenant
  collection: Collection
  items: Item[]
}

function ItemImage({ item }: { item: Item }) {
  if (!item.mainImage) return null
  return <img src={item.mainImage.assetUrl} alt={item.mainImage.altText ?? ''} loading="lazy" />
}

function ProductGrid({ tenant, items }: { tenant: Tenant; items: Item[] }) {
  return (
    <ul className="product-grid">
      {items.map((item) => (
        <li key={item.id}>
          <a href={item.fullUrl}>
            <ItemImage item={item} />
            <h2>{item.title}</h2>
          </a>
          <ProductPrice item={item} locale={tenant.site.website.language} />
        </li>
      ))}
    </ul>
  )
}

function ItemList({ items }: { items: Item[] }) {
  return (
    <ul className="item-list">
      {items.map((item) => (
        <li key={item.id}>
          <h2>
            <a href={item.fullUrl}>{item.title}</a>
          </h2>
          {item.excerpt && <p>{item.excerpt.replace(/<[^>]*>/g, '')}</p>}
        </li>
      ))}
    </ul>
  )
}

export function CollectionPage({ tenant, collection, items }: CollectionPageProps) {
  const isHome = collection.urlId === tenant.site.homeCollection
  return (
    <Document
      tenant={tenant}
      title={isHome ? tenant.site.website.siteTitle : collection.title}
      description={collection.description}
      path={collection.fullUrl}
    >
      <h1>{collection.title}</h1>
      {collection.description && <p className="collection-description">{collection.description}</p>}
      {collection.mainContent && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rich text the merchant wrote in the site editor for their own host; the tenant's HTML is theirs by design (as in tenant templates).
        <div className="page-content" dangerouslySetInnerHTML={{ __html: collection.mainContent }} />
      )}
      {collection.typeName === 'products' ? (
        <ProductGrid tenant={tenant} items={items} />
      ) : (
        <ItemList items={items} />
      )}
    </Document>
  )
}
