/** Field-by-field comparison of two versions of a record (conflicts, Review Changes). */
import { EDITOR_TEXT, plainText } from '../../shared/index'
import { STATUS_LABEL } from './status-badge'

/** The editor's label of a record field, or its path when it has none. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: EDITOR_TEXT.fieldTitle,
  urlId: EDITOR_TEXT.fieldSlug,
  excerpt: EDITOR_TEXT.fieldExcerpt,
  body: EDITOR_TEXT.fieldBody,
  mainContent: EDITOR_TEXT.fieldBody,
  mainImage: EDITOR_TEXT.fieldMainImage,
  'mainImage.assetUrl': EDITOR_TEXT.fieldMainImage,
  'mainImage.altText': EDITOR_TEXT.fieldAltText,
  tags: EDITOR_TEXT.fieldTags,
  categories: EDITOR_TEXT.fieldCategories,
  'structuredContent.productType': EDITOR_TEXT.productType,
  'structuredContent.useCustomAddButtonText': EDITOR_TEXT.customAddButton,
  'structuredContent.customAddButtonText': EDITOR_TEXT.customAddButtonText,
  'structuredContent.variants': EDITOR_TEXT.variants,
  'structuredContent.variantOptionOrdering': EDITOR_TEXT.variantOptions,
}

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field
}

/** A field value as text: rich text without its tags, lists joined, objects summarised. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return EDITOR_TEXT.empty
  if (typeof value === 'string') return /<[a-z][^>]*>/i.test(value) ? plainText(value) : value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.length === 0 ? EDITOR_TEXT.empty : value.map(displayValue).join(', ')
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    if (typeof record.assetUrl === 'string') return record.assetUrl
    return JSON.stringify(value)
  }
  return String(value)
}

const PRODUCT_TYPES: Readonly<Record<string, string>> = {
  '1': EDITOR_TEXT.productPhysical,
  '2': EDITOR_TEXT.productDigital,
  '3': EDITOR_TEXT.productService,
  '4': EDITOR_TEXT.productGiftCard,
}

/** A field's value as the editor's screens name it: a product type or a status by its label. */
export function displayFieldValue(field: string, value: unknown): string {
  if (field === 'structuredContent.productType') return PRODUCT_TYPES[String(value)] ?? displayValue(value)
  if (field === 'status' && typeof value === 'string' && value in STATUS_LABEL)
    return STATUS_LABEL[value as keyof typeof STATUS_LABEL]
  return displayValue(value)
}

/** The top-level fields whose values differ. */
export function changedFields(
  a: Record<string, unknown> | null,
  b: Record<string, unknown> | null,
): string[] {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])
  return [...keys].filter((key) => JSON.stringify(a?.[key]) !== JSON.stringify(b?.[key])).sort()
}

export function DiffTable({
  rows,
  leftLabel,
  rightLabel,
  caption,
}: {
  rows: { field: string; left: unknown; right: unknown }[]
  leftLabel: string
  rightLabel: string
  caption: string
}) {
  return (
    <div className="table-wrap">
      <table className="diff">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{EDITOR_TEXT.field}</th>
            <th scope="col">{leftLabel}</th>
            <th scope="col">{rightLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row">{fieldLabel(row.field)}</th>
              <td className="diff-old">{displayFieldValue(row.field, row.left)}</td>
              <td className="diff-new">{displayFieldValue(row.field, row.right)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
