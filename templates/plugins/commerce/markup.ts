/**
 * Markup of the commerce widgets, built from plain data. The JSON-T formatters in
 * widgets.ts resolve the data and call these; a server-rendered island can call the
 * same functions to print the same DOM. Class names and `data-*` attributes are what tenant
 * CSS and the client islands target, so they are pinned by the reference specs.
 *
 * Escaping follows the reference markup attribute by attribute: fields documented as "raw" are
 * printed as given unless `strict` (the storefront, see escaping.ts) escapes them too; every
 * other string is always escaped here.
 */
import { LIKERT_LABELS } from '../../../shared/enumerations'
import { FIELD_PARTS, type FormFieldDefinition, isMultiPart } from '../../../shared/forms/fields'
import type { FieldValue } from '../../../shared/forms/values'
import { escapeHtmlAttribute as esc } from '../../../shared/strings'
import { rawAttribute, rawText } from '../core/escaping'
import { TIME_PART_DEFAULT } from './messages'

export interface AddToCartButtonData {
  /** Raw. */
  readonly collectionId: string
  /** Raw. */
  readonly itemId: string
  /** Raw: the product type code as the item holds it. */
  readonly productType: string
  /** Raw: the item's `useCustomAddButtonText` as text ('true', 'false' or ''). */
  readonly useCustomLabel: string
  /** Raw: the item's `isSubscribable` as text when it is truthy, else null (no attribute). */
  readonly isSubscription: string | null
  /** The button text: custom, localized or default. */
  readonly label: string
  /** JSON text of the additional-fields form; the button then submits through that form. */
  readonly formJson: string | null
  /** Raw: the first subscription option's id, for a subscribable product that has options. */
  readonly subscriptionOptionId: string | null
}

/** The add-to-cart button. */
export function addToCartButtonMarkup(d: AddToCartButtonData, strict = false): string {
  const label = esc(d.label)
  const raw = (value: string) => rawAttribute(strict, value)
  return (
    '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    '  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ' +
    (d.formJson === null ? '' : 'use-form') +
    '" role="button" tabindex="0" data-dynamic-strings' +
    ` data-collection-id="${raw(d.collectionId)}" data-item-id="${raw(d.itemId)}" data-product-type="${raw(d.productType)}"` +
    ` data-use-custom-label="${raw(d.useCustomLabel)}" ` +
    (d.isSubscription === null ? '' : `data-is-subscription="${raw(d.isSubscription)}" `) +
    `data-original-label="${label}" ` +
    (d.formJson === null ? '' : `data-form="${esc(d.formJson)}"`) +
    (d.subscriptionOptionId === null ? '' : `data-subscription-option-id="${raw(d.subscriptionOptionId)}"`) +
    '>\n' +
    `    <div class="sqs-add-to-cart-button-inner">${label}</div>\n` +
    '  </div>\n' +
    '</div>'
  )
}

export interface VariantOptionData {
  /** The option's name (escaped here). */
  readonly name: string
  /** Option title, already formatted (escaped here). */
  readonly title: string
  /** Dropdown placeholder and accessible label, already formatted (escaped in the option only). */
  readonly selectText: string
  readonly values: readonly string[]
}

export interface VariantsSelectData {
  /** Raw. */
  readonly itemId: string
  /** JSON text of the item's variants. */
  readonly variantsJson: string
  /** JSON text of the subscription plan for a subscribable product, else null. */
  readonly subscriptionPlanJson: string | null
  readonly options: readonly VariantOptionData[]
}

function variantOptionMarkup(o: VariantOptionData, strict: boolean): string {
  const name = esc(o.name)
  let select = ''
  let radios = ''
  for (const raw of o.values) {
    const v = esc(raw)
    const id = `variant-option-${name}-${v}`
    select += `<option value="${v}">${v}</option>`
    radios +=
      `\n      <input type="radio" class="variant-radiobtn" value="${v}" name="variant-option-${name}" id="${id}"/>` +
      `\n      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="${id}">${v}</label>`
  }
  return (
    '\n    <div class="variant-option">' +
    `\n    <div class="variant-option-title">${esc(o.title)}: </div>` +
    '\n    <div class="variant-select-wrapper">' +
    // The reference leaves the aria-label unescaped; kept so tenant markup stays identical.
    `\n      <select aria-label="${rawAttribute(strict, o.selectText)}" data-variant-option-name="${name}">` +
    `\n        <option value="">${esc(o.selectText)}</option>` +
    `\n        ${select}` +
    '\n      </select>' +
    '\n    </div>' +
    `\n    <div class="variant-radiobtn-wrapper" data-variant-option-name="${name}">${radios}` +
    '\n    </div>' +
    '\n    </div>'
  )
}

/** One dropdown plus a row of radio buttons per variant option. */
export function variantsSelectMarkup(d: VariantsSelectData, strict = false): string {
  let out = `<div class="product-variants" data-item-id="${rawAttribute(strict, d.itemId)}" data-variants="${esc(d.variantsJson)}"`
  if (d.subscriptionPlanJson !== null)
    out += ` data-is-subscribable="true" data-subscription-plan="${esc(d.subscriptionPlanJson)}"`
  out += ' data-animation-role="content">'
  for (const o of d.options) out += variantOptionMarkup(o, strict)
  return `${out}\n  </div>`
}

/** The quantity input (storefront.md section 2: min 1, max 9999, step 1, value 1, size 4). */
export function quantityInputMarkup(itemId: string, label: string, strict = false): string {
  return (
    `<div class="product-quantity-input" data-item-id="${rawAttribute(strict, itemId)}" data-animation-role="content">\n` +
    `  <div class="quantity-label">${rawText(strict, label)}:</div>\n` +
    // Attribute order as the reference prints it.
    `  <input aria-label="${rawAttribute(strict, label)}" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n` +
    '</div>'
  )
}

/** The sold-out mark; the text is escaped. */
export function soldOutMarkMarkup(text: string): string {
  return `<div class="product-mark sold-out">${esc(text)}</div>`
}

/** The sale mark; the text is printed raw, as the reference does (it is localized text), unless strict. */
export function saleMarkMarkup(text: string, strict = false): string {
  return `<div class="product-mark sale">${rawText(strict, text)}</div>`
}

export interface RestockNotificationData {
  /** Raw. */
  readonly productId: string
  /** Raw. */
  readonly variantId: string
  readonly hidden: boolean
  readonly ctaText: string
  readonly placeholderText: string
  readonly buttonText: string
  /** The mailing-list description when sign-up is offered, else null (no checkbox). */
  readonly mailingList: { readonly description: string; readonly checked: boolean } | null
  /** Whether a captcha container is printed (only when the website has a captcha site key). */
  readonly captcha: boolean
}

/** The back-in-stock sign-up form of one variant. */
export function restockNotificationMarkup(d: RestockNotificationData, strict = false): string {
  return (
    `<div class="product-restock-notification" data-product-id="${rawAttribute(strict, d.productId)}" data-variant-id="${rawAttribute(strict, d.variantId)}"` +
    (d.hidden ? ' hidden>' : '>') +
    `\n  <span class="product-restock-cta">${esc(d.ctaText)}</span>` +
    '\n  <form class="product-restock-form" action="#">' +
    `\n    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="${esc(d.placeholderText)}">` +
    `\n    <input class="sqs-editable-button" type="submit" value="${esc(d.buttonText)}">` +
    '\n  </form>\n' +
    (d.mailingList === null
      ? ''
      : '  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"' +
        (d.mailingList.checked ? ' checked>' : '>') +
        `${esc(d.mailingList.description)}</label>`) +
    '\n' +
    (d.captcha ? '  <div class="captcha-container"></div>' : '') +
    '\n</div>'
  )
}

/**
 * One scarcity message. With variant attributes it starts hidden (unless `shown`: the
 * storefront's `scarcityShownByDefault`) and the island shows the one whose attributes match
 * the chosen variant.
 */
export function scarcityMarkup(text: string, attributesJson: string | null, shown = false): string {
  return (
    '<div class="product-scarcity"' +
    (attributesJson === null
      ? '>'
      : ` data-variant-attributes="${esc(attributesJson)}"${shown ? '>' : ' hidden>'}`) +
    `\n    ${esc(text)}\n  </div>`
  )
}

/** The quick-view button; id, group and text are printed raw, as the reference does, unless strict. */
export function quickViewMarkup(itemId: string, group: string, text: string, strict = false): string {
  return `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${rawAttribute(strict, itemId)}" data-group="${rawAttribute(strict, group)}">${rawText(strict, text)}</span>`
}

/**
 * A submitted form field in an order summary; title and value are raw (the reference's choice).
 * In strict mode the title is escaped; the value is markup its caller built from escaped parts.
 */
export function summaryFormFieldMarkup(title: string, valueHtml: string, strict = false): string {
  return `<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">${rawText(strict, title)}:</span> ${valueHtml}\n</div>`
}

/** Parts of a submitted field, already as printable text (missing parts are ''). */
export type FieldParts = Readonly<Record<string, string>>
const part = (p: FieldParts, key: string): string => p[key] ?? ''

/** The address summary's last line: City, State Zip Country. */
function summaryCityLine(p: FieldParts): string {
  return `${part(p, 'City')}, ${part(p, 'State')} ${part(p, 'Zip')} ${part(p, 'Country')}`
}

/** The address summary's lines: Line1, Line2 (only when given), then City, State Zip Country. */
export function summaryAddressLines(p: FieldParts): string[] {
  const line2 = part(p, 'Line2')
  return [part(p, 'Line1'), ...(line2 === '' ? [] : [line2]), summaryCityLine(p)]
}

/** Address: Line1, Line2 (only when given), then City, State Zip Country. */
export function summaryAddressMarkup(p: FieldParts): string {
  const line2 = part(p, 'Line2')
  return (
    `<div style="padding-left:5px;">\n  <div>${part(p, 'Line1')}</div>` +
    (line2 === '' ? '' : `\n  <div>${line2}</div>`) +
    `\n  <div>${summaryCityLine(p)}</div>\n</div>`
  )
}

/** Checked values, comma-separated (the reference ends the list with a line break). */
export function summaryCheckboxMarkup(values: readonly string[]): string {
  return `${values.join(', ')}\n`
}

export function summaryDateMarkup(p: FieldParts): string {
  return `${part(p, 'Month')}/${part(p, 'Day')}/${part(p, 'Year')}`
}

/** Question and answer pairs; answers are already labels. */
export function summaryLikertMarkup(rows: readonly (readonly [question: string, answer: string])[]): string {
  let out = '<div style="padding-left:5px;">'
  for (const [q, a] of rows) out += `\n  <div><span style="font-weight:bold;">${q}:</span> ${a}</div>`
  return `${out}\n</div>`
}

export function summaryNameMarkup(p: FieldParts): string {
  return `${part(p, 'First')} ${part(p, 'Last')}`
}

/** Phone: '+Country ' only when a country code was given, then Areacode-Prefix-Line. */
export function summaryPhoneMarkup(p: FieldParts): string {
  const country = part(p, 'Country')
  return `${country === '' ? '' : `+${country} `}${part(p, 'Areacode')}-${part(p, 'Prefix')}-${part(p, 'Line')}`
}

/** Time: Hour:Minute:Second Ampm, each missing part as '00' (storefront.md section 3). */
export function summaryTimeMarkup(p: FieldParts, missing = '00'): string {
  const or00 = (key: string) => part(p, key) || missing
  return `${or00('Hour')}:${or00('Minute')}:${or00('Second')} ${part(p, 'Ampm')}`
}

/**
 * A field's answer as one line of text for the cart; '' when unanswered. Multi-part fields read
 * as the spec's summary field values (storefront.md section 3: 'First Last', Month/Day/Year,
 * +Country Areacode-Prefix-Line, Hour:Minute:Second Ampm), an address on one line, checked
 * values comma-separated, likert statements with their answers' labels.
 */
export function fieldValueText(field: FormFieldDefinition, value: FieldValue | undefined): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  if (!Array.isArray(value))
    return Object.entries(value)
      .map(([statement, answer]) => `${statement}: ${LIKERT_LABELS[answer] ?? answer}`)
      .join('; ')
  if (!isMultiPart(field.type)) return value.join(', ')
  if (value.every((part) => part.trim() === '')) return ''
  const parts: FieldParts = Object.fromEntries(
    FIELD_PARTS[field.type].map((name, index) => [name, value[index]?.trim() ?? '']),
  )
  switch (field.type) {
    case 'name':
      return summaryNameMarkup(parts).trim()
    case 'date':
      return summaryDateMarkup(parts)
    case 'time':
      return summaryTimeMarkup(parts, TIME_PART_DEFAULT).trim()
    case 'phone':
      return summaryPhoneMarkup(parts)
    default: {
      const { Line1 = '', Line2 = '', City = '', State = '', Zip = '', Country = '' } = parts
      const region = [State, Zip, Country].filter((part) => part !== '').join(' ')
      return [Line1, Line2, City, region].filter((line) => line !== '').join(', ')
    }
  }
}

/**
 * A field's answer line by line, as the summary renderers print it (storefront.md section 2,
 * "Form-submission summary renderers"), as text: an address on the summary's lines, a likert
 * field one statement and its answer's label a line, every other field on one line
 * (`fieldValueText`). No lines when unanswered (the caller prints 'N/A').
 */
export function fieldSummaryLines(field: FormFieldDefinition, value: FieldValue | undefined): string[] {
  if (field.type === 'address' && Array.isArray(value)) {
    if (value.every((v) => v.trim() === '')) return []
    const parts: FieldParts = Object.fromEntries(
      FIELD_PARTS.address.map((name, index) => [name, value[index]?.trim() ?? '']),
    )
    return summaryAddressLines(parts)
  }
  if (value !== undefined && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).map(
      ([statement, answer]) => `${statement}: ${LIKERT_LABELS[answer] ?? answer}`,
    )
  const text = fieldValueText(field, value)
  return text === '' ? [] : [text]
}
