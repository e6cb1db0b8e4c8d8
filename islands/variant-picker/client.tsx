/**
 * The variant picker in the browser (storefront.md section 4, "Variant picker"). It hydrates
 * the checkout block the server printed (same view, same props, so `hydrateRoot` matches) and
 * keeps each option's dropdown and radio buttons in sync. On every choice it updates what sits
 * beside it in the same `.product-detail` article from an effect: the price, the scarcity
 * messages, the restock form (pointed at the chosen sold-out variant) and the gallery's image
 * (a variant with its own main image); and it fires `storefront:variant-change` for other islands.
 *
 * Product pages may be cached, so once live the picker reads the live stock
 * (`API.inventoryStock`) and marks sold-out values and the sold-out notice
 * from it. The add-to-cart button's behaviour is in add-to-cart.ts.
 */
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  type AdditionalFieldsForm,
  API,
  CART_TEXT,
  COMMERCE_TEXT,
  type FormValues,
  isVariantInStock,
  QUANTITY_INPUT,
  type RuleProduct,
  srcsetOf,
} from '../../shared/index'
import { dispatchIslandEvent, ISLAND_EVENT } from '../constants'
import { defineClient } from '../contracts'
import { request } from '../http'
import { PAGE_POST_FIELD } from '../page-action'
import { AdditionalFieldsDialog } from '../parts/additional-fields'
import { AlertDialog } from '../parts/alert-dialog'
import { type Choice, useAddToCart } from './add-to-cart'
import {
  type Chosen,
  offeredSecondValues,
  type Selection,
  selectionOf,
  unavailableValues,
  type Variant,
  type VariantOption,
  type VariantPickerProps,
  variantPriceHtml,
} from './model'
import { INITIAL_STATE, type PickerHandlers, type PickerState, VariantPicker } from './view'

/** What the page showed before any choice, restored when an option is cleared. */
type InitialPage = {
  price: { element: HTMLElement; html: string } | null
  toggles: Toggle[]
}

function parseVariants(json: string | undefined): Variant[] {
  if (!json) return []
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? (value as Variant[]) : []
}

function parseAttributes(json: string | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json ?? '')
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function sameAttributes(a: Record<string, unknown> | null, b: Record<string, string> | undefined): boolean {
  if (a === null || b === undefined) return false
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

const NO_OPTIONS: VariantOption[] = []
type LiveStock = ReadonlyMap<string, { unlimited: boolean; qtyInStock: number }>

/** The variants with the live stock in place of what the (possibly cached) page printed. */
function withLiveStock(variants: readonly Variant[], live: LiveStock | null): Variant[] {
  if (live === null) return [...variants]
  return variants.map((variant) => {
    const level = variant.sku === undefined ? undefined : live.get(variant.sku)
    return level === undefined
      ? variant
      : { ...variant, unlimited: level.unlimited, qtyInStock: level.qtyInStock }
  })
}

/** The options and quantity the form shows (the radio group or dropdown filled in of each option). */
function choiceOf(form: HTMLFormElement, options: readonly VariantOption[]): Choice {
  const data = new FormData(form)
  const chosen: Record<string, string> = {}
  for (const { name } of options) {
    const value = data.getAll(`variant-option-${name}`).find((v) => typeof v === 'string' && v !== '')
    chosen[name] = typeof value === 'string' ? value : ''
  }
  return { chosen, quantity: String(data.get('quantity') ?? '1') }
}

/**
 * Shows a variant's own main image in the product's gallery: the gallery's thumbnail of that
 * image when it has one, else the main image itself takes the variant's image.
 */
function showVariantImage(product: Element, variant: Variant): void {
  const url = variant.mainImage?.assetUrl
  if (!url) return
  const matches = (img: HTMLImageElement) => (img.getAttribute('src') ?? '').split('?')[0] === url
  const thumb = [...product.querySelectorAll<HTMLButtonElement>('.sf-gallery-thumb')].find((button) => {
    const img = button.querySelector('img')
    return img !== null && matches(img)
  })
  if (thumb) {
    if (thumb.getAttribute('aria-current') !== 'true') thumb.click()
    return
  }
  const main = product.querySelector<HTMLImageElement>('.product-main-image, .product-images img')
  if (main && !matches(main)) {
    // The variant's widths, so a phone never downloads its original.
    main.srcset = srcsetOf(url, variant.mainImage?.originalSize)
    main.src = url
  }
}
const SCARCITY = '.product-scarcity[data-variant-attributes]'
const RESTOCK = '.product-restock-notification[data-variant-ids]'

/**
 * A scarcity message or the restock form as the page opened. A scarcity message starts shown
 * when the store's `scarcityShownByDefault` is on (the server prints it without `hidden`:
 * templates/plugins/core/spec-rules.ts), else hidden; it returns to that state whenever no
 * variant is chosen, and only the chosen variant's shows once one is.
 */
type Toggle = { element: HTMLElement; hidden: boolean; variantId: string | undefined }

function captureInitial(product: Element): InitialPage {
  const price = product.querySelector<HTMLElement>('.product-price')
  const toggles = [...product.querySelectorAll<HTMLElement>(`${SCARCITY}, ${RESTOCK}`)].map((element) => ({
    element,
    hidden: element.hidden,
    variantId: element.dataset.variantId,
  }))
  // Announce price changes made by the picker to assistive technology.
  price?.setAttribute('aria-live', 'polite')
  return { price: price ? { element: price, html: price.innerHTML } : null, toggles }
}

/**
 * Points the restock form (one for all the product's sold-out variants, islands/restock-
 * notification) at a variant: its `data-variant-id` and the `variantId` field a post sends, so a
 * sign-up sent before that island is live names the chosen variant.
 */
function pointRestock(form: HTMLElement, variantId: string | undefined): void {
  if (variantId === undefined) return
  form.dataset.variantId = variantId
  const field = form.querySelector<HTMLInputElement>(`input[name="${PAGE_POST_FIELD.variantId}"]`)
  if (field !== null) field.value = variantId
}

function restockServes(form: HTMLElement, variantId: string): boolean {
  try {
    const ids: unknown = JSON.parse(form.dataset.variantIds ?? '[]')
    return Array.isArray(ids) && ids.includes(variantId)
  } catch {
    return false
  }
}

/** Price, scarcity and restock notices for the shopper's selection. */
function showSelection(initial: InitialPage, selection: Selection, data: VariantPickerProps): void {
  const { price, toggles } = initial
  if (selection.kind !== 'matched') {
    for (const { element, hidden, variantId } of toggles) {
      element.hidden = hidden
      if (element.matches(RESTOCK)) pointRestock(element, variantId)
    }
    if (price === null) return
    if (selection.kind === 'incomplete') price.element.innerHTML = price.html
    else price.element.textContent = data.price.unavailable
    return
  }
  const { variant } = selection
  // Markup built by variantPriceHtml from escaped money text and the site's own wording.
  if (price !== null) price.element.innerHTML = variantPriceHtml(variant, data.price)
  for (const { element } of toggles) {
    if (element.matches(SCARCITY)) {
      element.hidden = !sameAttributes(parseAttributes(element.dataset.variantAttributes), variant.attributes)
      continue
    }
    const serves = variant.id !== undefined && restockServes(element, variant.id)
    element.hidden = !serves
    if (serves) pointRestock(element, variant.id)
  }
}

function VariantPickerIsland(data: VariantPickerProps) {
  const options = data.select?.options ?? NO_OPTIONS
  const variantsJson = data.select?.variantsJson
  const printed = useMemo(() => parseVariants(variantsJson), [variantsJson])
  const [live, setLive] = useState<LiveStock | null>(null)
  const variants = useMemo(() => withLiveStock(printed, live), [printed, live])
  const [chosen, setChosen] = useState<Chosen>({})
  const [quantity, setQuantity] = useState(String(QUANTITY_INPUT.value))
  const [hydrated, setHydrated] = useState(false)
  const taken = useRef(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const selects = useRef(new Map<string, HTMLSelectElement>())
  const initial = useRef<InitialPage | null>(null)
  /** The variant last announced to other islands: each choice of a variant is announced once. */
  const lastAnnounced = useRef<Variant | null>(null)

  const selection = useMemo(() => selectionOf(options, variants, chosen), [options, variants, chosen])

  const ruleProduct = useMemo<RuleProduct>(() => {
    const single = data.singleSku
    const own =
      variants.length > 0
        ? variants
        : single === null
          ? []
          : [{ sku: single, ...(live?.get(single) ?? { unlimited: true, qtyInStock: 0 }) }]
    return { productType: data.productType, variants: own, options: options.map((o) => o.name) }
  }, [variants, live, data.singleSku, data.productType, options])

  const cart = useAddToCart({
    data,
    product: ruleProduct,
    navigate: (path) => window.location.assign(path),
  })
  const form = useMemo(() => {
    if (data.button.formJson === null) return null
    try {
      return JSON.parse(data.button.formJson) as AdditionalFieldsForm
    } catch {
      return null
    }
  }, [data.button.formJson])

  // Live stock: the page may be cached, the stock object is not.
  useEffect(() => {
    let current = true
    request(API.inventoryStock, undefined, { query: { itemId: data.itemId } }).then((result) => {
      if (current && result.ok) setLive(new Map(result.data.results.map((r) => [r.sku, r])))
    })
    return () => {
      current = false
    }
  }, [data.itemId])

  const choose = useCallback(
    (name: string, value: string) =>
      setChosen((previous) => {
        // The same choice again (a replayed first move, a radio and its dropdown) changes nothing.
        if ((previous[name] ?? '') === value) return previous
        const next: Record<string, string> = { ...previous, [name]: value }
        // Branching: a new first value drops a second value it does not pair with.
        const offered = offeredSecondValues(options, variants, next, data.branching)
        const second = options[1]?.name
        if (
          offered !== null &&
          second !== undefined &&
          name !== second &&
          next[second] &&
          !offered.has(next[second])
        )
          next[second] = ''
        return next
      }),
    [options, variants, data.branching],
  )

  const handlers = useMemo<PickerHandlers>(() => {
    const refs = new Map<string, (element: HTMLSelectElement | null) => void>()
    return {
      choose,
      rootRef,
      submit: (event) => {
        event.preventDefault()
        // Pressed while React was still taking over (the controls not yet restored): the island
        // runtime replays that click once the island is live.
        if (!taken.current) return
        // Read after React's pending updates: a replayed choice is restored to the controls in
        // a microtask of its own, queued before this one.
        const form = event.currentTarget
        queueMicrotask(() => cart.press(choiceOf(form, options)))
      },
      quantityChange: (event) => setQuantity(event.currentTarget.value),
      step: (by) =>
        setQuantity((previous) => {
          const n = Number.parseInt(previous, 10)
          const next = (Number.isFinite(n) ? n : QUANTITY_INPUT.value) + by
          return String(Math.min(QUANTITY_INPUT.max, Math.max(QUANTITY_INPUT.min, next)))
        }),
      selectChange: (name) => (event: ChangeEvent<HTMLSelectElement>) =>
        choose(name, event.currentTarget.value),
      selectRef: (name) => {
        let ref = refs.get(name)
        if (ref === undefined) {
          ref = (element) => {
            if (element) selects.current.set(name, element)
            else selects.current.delete(name)
          }
          refs.set(name, ref)
        }
        return ref
      },
    }
  }, [choose, cart.press, options])

  // The first client render equals the server's; markings that need no choice (a single
  // option's sold-out values) come right after hydration.
  useEffect(() => {
    taken.current = true
    setHydrated(true)
  }, [])

  // Dropdowns are uncontrolled (a controlled <select> would print `selected` on the server):
  // keep each one showing its option's choice, also after its entries change.
  useEffect(() => {
    for (const [name, element] of selects.current) element.value = chosen[name] ?? ''
  })

  useEffect(() => {
    const root = rootRef.current
    if (root === null) return
    const product = root.closest('.product-detail') ?? root.ownerDocument.body
    if (initial.current === null) initial.current = captureInitial(product)
    showSelection(initial.current, selection, data)
    if (selection.kind === 'matched') showVariantImage(product, selection.variant)
    const announced = selection.kind === 'matched' ? selection.variant : null
    // The same variant with fresher stock (the live read) is not a new choice.
    if (
      announced === lastAnnounced.current ||
      (announced !== null && announced.id === lastAnnounced.current?.id)
    )
      return
    lastAnnounced.current = announced
    if (selection.kind === 'matched') {
      dispatchIslandEvent(product, ISLAND_EVENT.variantChange, {
        itemId: data.itemId,
        variant: selection.variant,
      })
    }
  }, [selection, data])

  const state: PickerState = hydrated
    ? {
        button: cart.button,
        quantity,
        chosen,
        unavailable: unavailableValues(options, variants, chosen),
        offeredSecond: offeredSecondValues(options, variants, chosen, data.branching),
        selectedVariantJson: selection.kind === 'matched' ? JSON.stringify(selection.variant) : null,
        soldOut: selection.kind === 'matched' && !isVariantInStock(selection.variant),
      }
    : INITIAL_STATE
  return (
    <VariantPicker data={data} state={state} handlers={handlers}>
      {cart.askFields && form !== null ? (
        <AdditionalFieldsDialog
          form={form}
          initial={{}}
          submitLabel={form.submitButtonText ?? COMMERCE_TEXT.asyncFormButtonText}
          onSubmit={(values: FormValues) => cart.withFields(values)}
          onCancel={cart.cancelFields}
        />
      ) : null}
      {cart.alert !== null ? (
        <AlertDialog
          title={cart.alert.title}
          message={cart.alert.message}
          closeLabel={CART_TEXT.alertClose}
          onClose={cart.closeAlert}
        />
      ) : null}
    </VariantPicker>
  )
}

/**
 * The variants the marker leaves out (island.ts `markerProps`): the server HTML carries them in
 * the checkout block's `data-variants`, written once in the page.
 */
export function propsFromMarkup(element: Element, props: VariantPickerProps): VariantPickerProps {
  if (props.select === null) return props
  const variantsJson = element.querySelector('[data-variants]')?.getAttribute('data-variants') ?? '[]'
  return { ...props, select: { ...props.select, variantsJson } }
}

export default defineClient('variant-picker', VariantPickerIsland)
