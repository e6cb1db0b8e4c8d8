/**
 * A product's fields (`structuredContent`): its type, custom add-to-cart text, options and
 * variants. Prices are typed in the store currency and stored both ways: minor units (`price`,
 * `salePrice`) and money (`priceMoney`, `salePriceMoney`: `{ currency, value: "48.00" }`).
 */
import { useId, useState } from 'react'
import { EDITOR_TEXT, fillText, type ImageValue, LIMITS, ProductType } from '../../shared/index'
import { decimalAmount, parseAmount } from '../format'
import { ImageField, ImageListField } from './image-field'

type Variant = Record<string, unknown> & {
  id?: string
  sku?: string
  attributes?: Record<string, string>
  price?: number
  salePrice?: number
  onSale?: boolean
  unlimited?: boolean
  qtyInStock?: number
  mainImage?: ImageValue
}

export type StructuredContent = Record<string, unknown> & {
  productType?: number
  variants?: Variant[]
  variantOptionOrdering?: string[]
  useCustomAddButtonText?: boolean
  customAddButtonText?: string
}

const PRODUCT_TYPES: readonly [number, string][] = [
  [ProductType.PHYSICAL, EDITOR_TEXT.productPhysical],
  [ProductType.DIGITAL, EDITOR_TEXT.productDigital],
  [ProductType.SERVICE, EDITOR_TEXT.productService],
  [ProductType.GIFT_CARD, EDITOR_TEXT.productGiftCard],
]

function minorOf(variant: Variant, name: 'price' | 'salePrice', currency: string): number {
  const value = variant[name]
  if (typeof value === 'number') return value
  const money = variant[`${name}Money`] as { value?: string } | undefined
  return money?.value === undefined ? 0 : (parseAmount(money.value, currency) ?? 0)
}

/** A variant with a price set both ways. */
function withPrice(variant: Variant, name: 'price' | 'salePrice', minor: number, currency: string): Variant {
  return { ...variant, [name]: minor, [`${name}Money`]: { currency, value: decimalAmount(minor, currency) } }
}

export function ProductFields({
  content,
  images,
  onImagesChange,
  onChange,
  currency,
  recordId,
  disabled,
  errors,
}: {
  content: StructuredContent
  /** The product's images (the item's `items`): its gallery on the product page. */
  images: readonly ImageValue[]
  onImagesChange: (images: ImageValue[]) => void
  onChange: (next: StructuredContent) => void
  currency: string
  recordId: string
  disabled: boolean
  errors: Record<string, string>
}) {
  const id = useId()
  const [newOption, setNewOption] = useState('')
  const variants = content.variants ?? []
  const options = content.variantOptionOrdering ?? []
  const setVariants = (next: Variant[]) => {
    const first = next[0]
    const mirrored: StructuredContent = { ...content, variants: next }
    // The product's own price fields mirror its first variant where the record has them.
    if (first !== undefined)
      for (const key of ['priceMoney', 'salePriceMoney', 'onSale'])
        if (key in content && key in first) mirrored[key] = first[key]
    onChange(mirrored)
  }
  const setVariant = (index: number, next: Variant) =>
    setVariants(variants.map((v, i) => (i === index ? next : v)))
  const addOption = () => {
    const name = newOption.trim()
    if (name === '' || options.includes(name)) return
    setNewOption('')
    onChange({
      ...content,
      variantOptionOrdering: [...options, name],
      variants: variants.map((v) => ({ ...v, attributes: { ...(v.attributes ?? {}), [name]: '' } })),
    })
  }
  const removeOption = (name: string) =>
    onChange({
      ...content,
      variantOptionOrdering: options.filter((o) => o !== name),
      variants: variants.map((v) => {
        const { [name]: _removed, ...attributes } = v.attributes ?? {}
        return { ...v, attributes }
      }),
    })
  const addVariant = () => {
    const template = variants[variants.length - 1]
    const fresh: Variant = {
      id: `${recordId}-v${Date.now().toString(36)}`,
      sku: '',
      attributes: Object.fromEntries(options.map((o) => [o, ''])),
      onSale: false,
      unlimited: template?.unlimited ?? false,
      qtyInStock: 0,
    }
    setVariants([
      ...variants,
      withPrice(
        withPrice(fresh, 'price', template ? minorOf(template, 'price', currency) : 0, currency),
        'salePrice',
        0,
        currency,
      ),
    ])
  }
  const variantsError = Object.entries(errors).find(([field]) => field.startsWith('structuredContent'))?.[1]
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{EDITOR_TEXT.productDetails}</h2>
      <div className="grid-2">
        <div className="field">
          <label htmlFor={`${id}-type`}>{EDITOR_TEXT.productType}</label>
          <select
            id={`${id}-type`}
            value={content.productType ?? ProductType.PHYSICAL}
            disabled={disabled}
            onChange={(e) => onChange({ ...content, productType: Number(e.target.value) })}
          >
            {PRODUCT_TYPES.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <div className="field-check">
            <input
              id={`${id}-custom`}
              type="checkbox"
              checked={content.useCustomAddButtonText === true}
              disabled={disabled}
              onChange={(e) => onChange({ ...content, useCustomAddButtonText: e.target.checked })}
            />
            <label htmlFor={`${id}-custom`}>{EDITOR_TEXT.customAddButton}</label>
          </div>
          <label htmlFor={`${id}-custom-text`}>{EDITOR_TEXT.customAddButtonText}</label>
          <input
            id={`${id}-custom-text`}
            value={content.customAddButtonText ?? ''}
            disabled={disabled || content.useCustomAddButtonText !== true}
            onChange={(e) => onChange({ ...content, customAddButtonText: e.target.value })}
          />
        </div>
      </div>
      <ImageListField
        id={`${id}-images`}
        label={EDITOR_TEXT.productImages}
        values={images}
        max={LIMITS.photoServiceGallerySize}
        disabled={disabled}
        onChange={onImagesChange}
      />
      <h3>{EDITOR_TEXT.variantOptions}</h3>
      {options.length > 0 ? (
        <ul className="chips">
          {options.map((name) => (
            <li key={name} className="chip">
              <span>{name}</span>
              <button
                type="button"
                className="chip-remove"
                disabled={disabled}
                aria-label={fillText(EDITOR_TEXT.removeOption, { name })}
                onClick={() => removeOption(name)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="chips-add">
        <div className="field">
          <label htmlFor={`${id}-option`}>{EDITOR_TEXT.variantOptionName}</label>
          <input
            id={`${id}-option`}
            value={newOption}
            disabled={disabled}
            onChange={(e) => setNewOption(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                addOption()
              }
            }}
          />
        </div>
        <button type="button" className="button" disabled={disabled} onClick={addOption}>
          {EDITOR_TEXT.addOption}
        </button>
      </div>
      <h3>{EDITOR_TEXT.variants}</h3>
      {variantsError === undefined ? null : (
        <p className="field-error" role="alert">
          {variantsError}
        </p>
      )}
      <ol className="variants">
        {variants.map((variant, index) => {
          const n = index + 1
          const vid = `${id}-v${index}`
          return (
            <li key={variant.id ?? index} className="variant">
              <fieldset>
                <legend>{fillText(EDITOR_TEXT.variantN, { n })}</legend>
                <div className="variant-grid">
                  {options.map((option) => (
                    <div className="field" key={option}>
                      <label htmlFor={`${vid}-opt-${option}`}>{option}</label>
                      <input
                        id={`${vid}-opt-${option}`}
                        value={variant.attributes?.[option] ?? ''}
                        disabled={disabled}
                        onChange={(e) =>
                          setVariant(index, {
                            ...variant,
                            attributes: { ...(variant.attributes ?? {}), [option]: e.target.value },
                          })
                        }
                      />
                    </div>
                  ))}
                  <div className="field">
                    <label htmlFor={`${vid}-sku`}>{EDITOR_TEXT.sku}</label>
                    <input
                      id={`${vid}-sku`}
                      value={variant.sku ?? ''}
                      disabled={disabled}
                      onChange={(e) => setVariant(index, { ...variant, sku: e.target.value })}
                    />
                  </div>
                  <MoneyInput
                    id={`${vid}-price`}
                    label={`${EDITOR_TEXT.price} (${currency})`}
                    minor={minorOf(variant, 'price', currency)}
                    currency={currency}
                    disabled={disabled}
                    onChange={(minor) => setVariant(index, withPrice(variant, 'price', minor, currency))}
                  />
                  <MoneyInput
                    id={`${vid}-sale`}
                    label={`${EDITOR_TEXT.salePrice} (${currency})`}
                    minor={minorOf(variant, 'salePrice', currency)}
                    currency={currency}
                    disabled={disabled}
                    onChange={(minor) => setVariant(index, withPrice(variant, 'salePrice', minor, currency))}
                  />
                  <div className="field field-check">
                    <input
                      id={`${vid}-onsale`}
                      type="checkbox"
                      checked={variant.onSale === true}
                      disabled={disabled}
                      onChange={(e) => setVariant(index, { ...variant, onSale: e.target.checked })}
                    />
                    <label htmlFor={`${vid}-onsale`}>{EDITOR_TEXT.onSale}</label>
                  </div>
                  <div className="field">
                    <label htmlFor={`${vid}-qty`}>{EDITOR_TEXT.stock}</label>
                    <input
                      id={`${vid}-qty`}
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      value={variant.unlimited ? '' : (variant.qtyInStock ?? 0)}
                      disabled={disabled || variant.unlimited === true}
                      onChange={(e) =>
                        setVariant(index, {
                          ...variant,
                          qtyInStock: Math.max(0, Math.trunc(Number(e.target.value) || 0)),
                        })
                      }
                    />
                  </div>
                  <div className="field field-check">
                    <input
                      id={`${vid}-unlimited`}
                      type="checkbox"
                      checked={variant.unlimited === true}
                      disabled={disabled}
                      onChange={(e) => setVariant(index, { ...variant, unlimited: e.target.checked })}
                    />
                    <label htmlFor={`${vid}-unlimited`}>{EDITOR_TEXT.unlimited}</label>
                  </div>
                </div>
                <ImageField
                  id={`${vid}-image`}
                  label={fillText(EDITOR_TEXT.variantImage, { n })}
                  value={variant.mainImage ?? null}
                  disabled={disabled}
                  onChange={(image) => {
                    const { mainImage: _old, ...rest } = variant
                    setVariant(index, image === null ? rest : { ...rest, mainImage: image })
                  }}
                />
                <button
                  type="button"
                  className="button button-danger-quiet"
                  disabled={disabled || variants.length <= 1}
                  onClick={() => setVariants(variants.filter((_, i) => i !== index))}
                >
                  {fillText(EDITOR_TEXT.removeVariant, { n })}
                </button>
              </fieldset>
            </li>
          )
        })}
      </ol>
      <button type="button" className="button" disabled={disabled} onClick={addVariant}>
        {EDITOR_TEXT.addVariant}
      </button>
    </section>
  )
}

/** An amount typed in the store currency; the record changes only when the text is an amount. */
function MoneyInput({
  id,
  label,
  minor,
  currency,
  disabled,
  onChange,
}: {
  id: string
  label: string
  minor: number
  currency: string
  disabled: boolean
  onChange: (minor: number) => void
}) {
  const [text, setText] = useState(() => decimalAmount(minor, currency))
  const [invalid, setInvalid] = useState(false)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={text}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value)
          const parsed = parseAmount(e.target.value, currency)
          setInvalid(parsed === null)
          if (parsed !== null) onChange(parsed)
        }}
        onBlur={() => {
          const parsed = parseAmount(text, currency)
          if (parsed !== null) setText(decimalAmount(parsed, currency))
        }}
      />
      {invalid ? (
        <p className="field-error" id={`${id}-error`}>
          {fillText(EDITOR_TEXT.moneyInvalid, { example: decimalAmount(4800, currency) })}
        </p>
      ) : null}
    </div>
  )
}
