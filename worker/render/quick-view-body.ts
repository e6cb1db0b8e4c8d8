/**
 * Quick View's dialog body (issue 24): one product rendered by the tenant's `quick-view` template
 * (the built-in one unless the tenant has its own), against the data its product page renders
 * with, so its widgets print the very islands of the product page (the gallery, the variant
 * picker with quantity and add-to-cart) with the same props. The browser puts the HTML in the
 * dialog and the island runtime hydrates it (islands/quick-view).
 */
import type { Catalog } from '../catalogue/reader'
import type { Collection, Form, Item } from '../catalogue/records'
import { merchandisingFor, siteData, withFieldsForm } from '../catalogue/template-data'
import { runTemplate } from './template-page'
import { loadTemplates } from './template-store'

/**
 * The dialog body's HTML for a product of `collection` (as pages show it: without its password),
 * sold with `fieldsForm` when it has one.
 */
export async function quickViewBody(
  catalog: Catalog,
  collection: Omit<Collection, 'pagePassword'>,
  item: Item,
  fieldsForm: Form | null,
): Promise<string> {
  const { 'quick-view': template } = await loadTemplates(catalog, ['quick-view'])
  return runTemplate(catalog, 'quick-view', template, {
    ...siteData(catalog.tenant, item.fullUrl),
    collection,
    item: withFieldsForm(item, fieldsForm),
    productMerchandisingContext: merchandisingFor(catalog.tenant, [item]),
  })
}
