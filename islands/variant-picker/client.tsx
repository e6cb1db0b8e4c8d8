/**
 * The variant picker in the browser (storefront.md section 4, "Variant picker"). It hydrates
 * the checkout block the server printed (same view, same props, so `hydrateRoot` matches) and
 * keeps each option's dropdown and radio buttons in sync. On every choice it updates what sits
 * beside it in the same `.product-detail` article from an effect: the price, the scarcity
 * messages and the restock forms; and it fires `storefront:variant-change` for other islands.
 */
import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { isVariantInStock } from '../../templates/shared'
import { dispatchIslandEvent, ISLAND_EVENT } from '../constants'
import { defineClient } from '../contracts'
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
  toggles: { element: HTMLElement; hidden: boolean }[]
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
const SCARCITY = '.product-scarcity[data-variant-attributes]'
const RESTOCK = '.product-restock-notification[data-variant-id]'

function captureInitial(product: Element): InitialPage {
  const price = product.querySelector<HTMLElement>('.product-price')
  const toggles = [...product.querySelectorAll<HTMLElement>(`${SCARCITY}, ${RESTOCK}`)].map((element) => ({
    element,
    hidden: element.hidden,
  }))
  // Announce price changes made by the picker to assistive technology.
  price?.setAttribute('aria-live', 'polite')
  return { price: price ? { element: price, html: price.innerHTML } : null, toggles }
}

/** Price, scarcity and restock notices for the shopper's selection. */
function showSelection(initial: InitialPage, selection: Selection, data: VariantPickerProps): void {
  const { price, toggles } = initial
  if (selection.kind !== 'matched') {
    for (const { element, hidden } of toggles) element.hidden = hidden
    if (price === null) return
    if (selection.kind === 'incomplete') price.element.innerHTML = price.html
    else price.element.textContent = data.price.unavailable
    return
  }
  const { variant } = selection
  // Markup built by variantPriceHtml from escaped money text and the site's own wording.
  if (price !== null) price.element.innerHTML = variantPriceHtml(variant, data.price)
  for (const { element } of toggles) {
    element.hidden = element.matches(SCARCITY)
      ? !sameAttributes(parseAttributes(element.dataset.variantAttributes), variant.attributes)
      : element.dataset.variantId !== variant.id
  }
}

function VariantPickerIsland(data: VariantPickerProps) {
  const options = data.select?.options ?? NO_OPTIONS
  const variantsJson = data.select?.variantsJson
  const variants = useMemo(() => parseVariants(variantsJson), [variantsJson])
  const [chosen, setChosen] = useState<Chosen>({})
  const [hydrated, setHydrated] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const selects = useRef(new Map<string, HTMLSelectElement>())
  const initial = useRef<InitialPage | null>(null)
  /** The variant last announced to other islands: each choice of a variant is announced once. */
  const lastAnnounced = useRef<Variant | null>(null)

  const selection = useMemo(() => selectionOf(options, variants, chosen), [options, variants, chosen])

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
  }, [choose])

  // The first client render equals the server's; markings that need no choice (a single
  // option's sold-out values) come right after hydration.
  useEffect(() => setHydrated(true), [])

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
    const announced = selection.kind === 'matched' ? selection.variant : null
    if (announced === lastAnnounced.current) return
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
        chosen,
        unavailable: unavailableValues(options, variants, chosen),
        offeredSecond: offeredSecondValues(options, variants, chosen, data.branching),
        selectedVariantJson: selection.kind === 'matched' ? JSON.stringify(selection.variant) : null,
        soldOut: selection.kind === 'matched' && !isVariantInStock(selection.variant),
      }
    : INITIAL_STATE
  return <VariantPicker data={data} state={state} handlers={handlers} />
}

export default defineClient('variant-picker', VariantPickerIsland)
