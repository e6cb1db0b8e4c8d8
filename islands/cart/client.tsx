/**
 * The cart page in the browser: quantity changes, removals and edits of an entry's additional
 * fields go through the cart API and update the page in place; the pill cart follows.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { CartEntryView, ShoppingCart } from '../../shared/index'
import { API, CART_TEXT, type FormValues, parseFieldValues } from '../../shared/index'
import { defineClient } from '../contracts'
import { type ApiAnswer, request } from '../http'
import { AdditionalFieldsDialog } from '../parts/additional-fields'
import { announceCart, announceCartLine, entryLine } from '../parts/cart-events'
import { type CartProps, CartView } from './view'

function CartIsland(props: CartProps) {
  const [cart, setCart] = useState<ShoppingCart>(props.cart)
  const [quantities, setQuantities] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [editing, setEditing] = useState<CartEntryView | null>(null)
  // Until React has taken over, a press is left to the island runtime, which replays it.
  const live = useRef(false)
  useEffect(() => {
    live.current = true
  }, [])

  const apply = async (entryId: string, call: () => Promise<ApiAnswer<{ shoppingCart: ShoppingCart }>>) => {
    setBusy(true)
    const result = await call()
    setBusy(false)
    if (!result.ok) {
      setErrors((previous) => ({ ...previous, [entryId]: result.message }))
      return
    }
    setErrors(({ [entryId]: _, ...rest }) => rest)
    setQuantities(({ [entryId]: _, ...rest }) => rest)
    const next = result.data.shoppingCart
    setCart(next)
    announceCart(next.totalQuantity)
    // A line's units added or removed (a quantity change either way, or the whole line).
    const before = cart.entries.find((entry) => entry.id === entryId)
    if (before === undefined) return
    const after = next.entries.find((entry) => entry.id === entryId)?.quantity ?? 0
    const change = after - before.quantity
    if (change !== 0)
      announceCartLine(change > 0 ? 'add' : 'remove', next, entryLine(before, Math.abs(change)))
  }

  const onUpdate = (entryId: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!live.current) return
    // From the form itself, once React's pending updates are in: a value typed while the
    // island woke up is replayed into the input just before this press.
    const form = event.currentTarget
    queueMicrotask(() => {
      const quantity = String(new FormData(form).get('quantity') ?? '')
      void apply(entryId, () => request(API.cartEntryQuantity, { quantity }, { params: { entryId } }))
    })
  }
  const onRemove = (entryId: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!live.current) return
    void apply(entryId, () => request(API.removeCartEntry, undefined, { params: { entryId } }))
  }
  const saveFields = (entry: CartEntryView, values: FormValues) => {
    setEditing(null)
    void apply(entry.id, () =>
      request(
        API.cartEntryAdditionalFields,
        { itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields: JSON.stringify(values) },
        { params: { entryId: entry.id } },
      ),
    )
  }
  const form = editing?.additionalFieldsFormId ? props.forms[editing.additionalFieldsFormId] : undefined

  return (
    <CartView
      {...props}
      cart={cart}
      quantities={quantities}
      errors={errors}
      busy={busy}
      onQuantity={(entryId) => (event) => {
        const value = event.currentTarget.value
        setQuantities((previous) => ({ ...previous, [entryId]: value }))
      }}
      onUpdate={onUpdate}
      onRemove={onRemove}
      onEdit={(entryId) => setEditing(cart.entries.find((e) => e.id === entryId) ?? null)}
    >
      {editing !== null && form !== undefined ? (
        <AdditionalFieldsDialog
          form={form}
          initial={parseFieldValues(form, editing.additionalFields) ?? {}}
          submitLabel={CART_TEXT.additionalFieldsSave}
          onSubmit={(values) => saveFields(editing, values)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
    </CartView>
  )
}

export default defineClient('cart', CartIsland)
