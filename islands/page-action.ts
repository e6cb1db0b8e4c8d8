/**
 * Plain HTML form posts (no script): every island form posts to the page it is on (method
 * POST, no `action`, so shopper data never lands in a URL), naming what it does in a hidden
 * field; the worker does it and answers the same page, whose islands then show the outcome
 * (worker/routes/page-posts.ts). The field names and the outcome's shape are fixed here for
 * both sides: the island views print the fields, the worker reads them, and the island props
 * builders read the outcome from the page data (`pageAction`).
 */
import type { FieldErrors, FormValues } from '../shared/index'

/** Names of the fields a page post carries besides a form's own controls. */
export const PAGE_POST_FIELD = {
  /** Which island posted: one of `PAGE_ACTIONS`. */
  action: 'sf-action',
  /** Public forms: the form's id. */
  formId: 'sf-form-id',
  /** The captcha's token (never present without script: the captcha needs it). */
  captchaToken: 'sf-captcha-token',
  /** Restock sign-up and like: the ids they name, the restock email and mailing-list choice. */
  productId: 'productId',
  variantId: 'variantId',
  email: 'email',
  joinMailingList: 'isJoinMailingList',
  itemId: 'itemId',
} as const

export const PAGE_ACTIONS = ['form', 'restock', 'like'] as const
export type PageActionKind = (typeof PAGE_ACTIONS)[number]

/** The key of the outcome in the page's template data. */
export const PAGE_ACTION_DATA_KEY = 'pageAction'

/** What a page post did, for the island that posted it to show. */
export type PageAction =
  | {
      kind: 'form'
      formId: string
      /** The values sent, to fill the form in again after an error. */
      values: FormValues
      errors: FieldErrors
      /** The form-level message (the status's sentence, the captcha), or null. */
      message: string | null
      submitted: boolean
    }
  | {
      kind: 'restock'
      productId: string
      variantId: string
      email: string
      isJoinMailingList: boolean
      message: string | null
      submitted: boolean
    }
  | { kind: 'like'; itemId: string; likeCount: number | null; message: string | null }

/** The page post's outcome for one island, read from the page data (null when it is not theirs). */
export function pageActionOf<K extends PageActionKind>(
  data: unknown,
  kind: K,
): Extract<PageAction, { kind: K }> | null {
  if (typeof data !== 'object' || data === null) return null
  return (data as { kind?: unknown }).kind === kind ? (data as Extract<PageAction, { kind: K }>) : null
}
