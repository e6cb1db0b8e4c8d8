/**
 * The shop's records in the site editor (issue 23): the admin API's answers for orders, form
 * submissions, restock sign-ups and reviews, shared by the editor app and the editor's Worker
 * (worker/editor/records-*.ts), and the CSV rules of a submissions export. Reached through the
 * door `shared/editing-areas`.
 */

/** Every list: one page of rows and the opaque cursors of its neighbours (null at either end). */
export interface RecordPage<Row> {
  rows: Row[]
  nextCursor: string | null
  previousCursor: string | null
}

/** Rows per page of every records list. */
export const RECORDS_PAGE_SIZE = 50

export const ORDER_STATUS_FILTERS = ['unfulfilled', 'fulfilled', 'refunded', 'failed', 'pending'] as const
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number]

export interface OrderSummary {
  id: string
  createdAt: number
  email: string
  name: string
  status: OrderStatusFilter
  currency: string
  grandTotalCents: number
  refundedCents: number
}

export interface OrderLineAnswer {
  title: string
  variant: string
  sku: string
  quantity: number
  unitCents: number
  totalCents: number
}

export interface OrderEvent {
  kind: 'placed' | 'updated' | 'fulfilled' | 'refunded' | 'failure'
  at: number
  by?: string
  amountCents?: number
  refundId?: string
  detail?: string
}

/**
 * A row between an order's subtotal and its total, as the shopper's receipt has it (issue 25):
 * each code's discount, the shipping option, each tax rule (added, or included and not added).
 */
export interface OrderAmountRow {
  kind: 'discount' | 'shipping' | 'tax' | 'tax-included'
  label: string
  /** Minor units; a discount is what it took off (shown with a minus sign). */
  cents: number
  /** Under the row: the code that made shipping free. */
  note?: string
}

export interface OrderDetail extends OrderSummary {
  lines: OrderLineAnswer[]
  subtotalCents: number
  amountRows: OrderAmountRow[]
  shipping: {
    name: string
    address1: string
    address2: string
    city: string
    region: string
    postalCode: string
    country: string
  } | null
  paymentRef: string | null
  signedIn: boolean
  history: OrderEvent[]
  /** What a refund may still give back (minor units); 0 when the order cannot be refunded. */
  refundableCents: number
  canFulfil: boolean
}

export interface RefundAnswer {
  order: OrderDetail
  refundId: string
  amountCents: number
}

export interface FormSummaryRow {
  formId: string
  name: string
  count: number
  latest: number | null
}

export interface SubmissionRow {
  id: number
  createdAt: number
  pagePath: string
  /** The first answers, each as the summary renderers print it on one line. */
  summary: string
}

export interface SubmissionField {
  id: string
  title: string
  type: string
  /** The answer as the spec's summary renderers print it, line by line ('N/A' when empty). */
  lines: string[]
}

export interface SubmissionDetail {
  id: number
  formId: string
  formName: string
  createdAt: number
  pagePath: string
  pageTitle: string
  fields: SubmissionField[]
}

export interface RestockGroupRow {
  productId: string
  variantId: string
  product: string
  variant: string
  signUpCount: number
  pendingCount: number
  waitingCount: number
  queuedCount: number
  sentCount: number
}

export interface RestockSignUpRow {
  id: number
  email: string
  created: number
  status: 'pending' | 'waiting' | 'queued' | 'sent'
  isJoinMailingList: boolean
}

export interface ReviewRow {
  id: string
  productId: string
  product: string
  rating: number
  author: string
  reviewDate: number
  text: string
  hidden: boolean
}

/** Characters a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV cell that a spreadsheet shows as text: a value starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return gets a `'` before it, so it cannot run as a formula; then RFC 4180
 * quoting (every cell in double quotes, a quote doubled), which keeps commas and line breaks
 * inside the cell.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/** One CSV record: cells joined by commas, ended by CRLF (RFC 4180 §2). */
export function csvRow(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
