/**
 * The shapes of every beacon and event the worker accepts (storefront.md sections 3 and 7,
 * platform.md sections 3, 5 and 7), as zod schemas: a beacon that does not match is a 400
 * naming the first problem, and nothing of it is stored.
 */

import {
  COMMERCE_EVENT_ORIGIN,
  COMMERCE_EVENTS,
  PAGE_TYPE,
  PERFORMANCE_EVENT_ORIGIN,
  PERFORMANCE_FIELDS,
  parseVisitorRecord,
  SOURCE_ENVIRONMENTS,
  TRACKING,
} from '../../shared/index'
import { currencyCodeSchema } from '../catalogue/records'
import * as z from '../runtime/zod'

/** JSON text (a form field, `eventContent`) parsed and checked against `schema`. */
export function jsonText<T extends z.ZodMiniType>(schema: T, maxLength = 16_384) {
  return z.pipe(
    z.pipe(
      z.string().check(z.maxLength(maxLength, `must be at most ${maxLength} characters`)),
      z.transform((text: string, ctx) => {
        try {
          return JSON.parse(text) as unknown
        } catch {
          ctx.issues.push({ code: 'custom', message: 'must be JSON', input: text })
          return z.NEVER
        }
      }),
    ),
    schema,
  )
}

/** The visitor record as beacons send it (`ss_cvr`): empty when the site's cookie policy keeps none. */
export const visitorRecordField = z.optional(
  z
    .string()
    .check(
      z.refine(
        (value) => value === '' || parseVisitorRecord(value) !== null,
        'must be a visitor record: id|first visit|previous visit|current visit|count',
      ),
    ),
)

const name = z.string().check(z.regex(/^[A-Za-z][\w:.-]{0,99}$/, 'must be an event name such as "view"'))
const text = (max: number) => z.string().check(z.maxLength(max))
const path = z.string().check(z.maxLength(2048), z.startsWith('/', 'must be a path starting with "/"'))
const count = z.number().check(z.int(), z.minimum(0))
const optional = <T extends z.ZodMiniType>(schema: T) => z.nullable(z.optional(schema))

/**
 * A page view's data (`RecordHit`): the path it was recorded on, the page type of platform.md
 * section 9 where the page has one, and what the script adds.
 */
export const pageViewDataSchema = z.looseObject({
  pagePath: path,
  pageType: z.optional(
    z
      .number()
      .check(z.refine((n) => (Object.values(PAGE_TYPE) as number[]).includes(n), 'must be a page type')),
  ),
})

/** `POST /api/census/RecordHit`: form-encoded `event`, `data` (JSON), `ss_cvr`. */
export const recordHitSchema = z.object({
  event: name,
  data: jsonText(pageViewDataSchema),
  ss_cvr: visitorRecordField,
})

/** `button-click` and `button-render`: the button and the page it is on. */
export const buttonBeaconSchema = z.object({
  data: jsonText(
    z.object({
      buttonText: text(500),
      buttonUrl: optional(text(2048)),
      blockId: optional(text(128)),
      pagePath: path,
    }),
  ),
  ss_cvr: visitorRecordField,
})

/** `overlay`: a pop-up shown, dismissed or submitted. */
export const overlayBeaconSchema = z.object({
  data: jsonText(
    z.object({
      overlayId: z.string().check(z.maxLength(128), z.minLength(1)),
      action: z.enum(['show', 'dismiss', 'submit']),
      pagePath: path,
    }),
  ),
  ss_cvr: visitorRecordField,
})

/** `form-render`: formId, visitorCookie (storefront.md section 7). */
export const formRenderSchema = z.object({
  formId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be a form id')),
  visitorCookie: visitorRecordField,
})

/** `RecordQuickView/{id}`: the item is in the path; the page may come with it. */
export const quickViewIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an item id'))
export const quickViewSchema = z.object({
  data: z.optional(jsonText(z.partial(z.object({ pagePath: path })))),
  ss_cvr: visitorRecordField,
})

/** One error report entry's data (platform.md section 3). */
const errorDataSchema = z.object({
  websiteId: optional(text(64)),
  templateId: optional(text(64)),
  pageUrl: optional(text(2048)),
  userAgent: optional(text(512)),
  appName: optional(text(64)),
  message: text(TRACKING.errorReporting.stackLimit),
  stack: optional(text(TRACKING.errorReporting.stackLimit)),
  file: optional(text(2048)),
  line: optional(count),
  column: optional(count),
  customInfo: optional(z.record(z.string(), z.unknown())),
})

/**
 * `POST /api/events/RecordJavascriptErrors`: a JSON array of entries (at most
 * `BEACON_LIMITS.maxErrorReports`, checked before this: a 413, beacon-body.ts).
 */
export const javascriptErrorsSchema = z
  .array(
    z.object({
      event: name,
      data: jsonText(errorDataSchema, 12_288),
      timestamp: z.number().check(z.int(), z.positive()),
    }),
  )
  .check(z.minLength(1, 'must hold at least one entry'))

/** The version 0 event's data (platform.md section 3). */
const v0DataSchema = z.strictObject({
  pagePath: path,
  pageHash: optional(text(512)),
  websiteId: optional(text(64)),
  templateId: optional(text(64)),
  variantId: optional(text(64)),
  memberAccountId: optional(text(64)),
  member_locale: optional(text(35)),
  website_locale: optional(text(35)),
})

/** `POST /api/events/RecordEvent`: form-encoded `crumb` (from the cookie), `event`, `data` (JSON). */
export const recordEventSchema = z.object({
  crumb: z.string().check(z.minLength(1, 'must be the crumb cookie’s value')),
  event: name,
  data: jsonText(v0DataSchema),
})

/** The version 2 event's fields (platform.md section 3); every event schema has them. */
const v2Fields = {
  analytics_id: optional(text(64)),
  session_id: optional(text(64)),
  marketing_id: optional(text(64)),
  browser_language: optional(text(35)),
  browser_locale: optional(text(35)),
  browser_window_height: optional(count),
  browser_window_width: optional(count),
  page_host: optional(text(253)),
  page_path: optional(path),
  page_query_params: optional(text(2048)),
  page_referrer_url: optional(text(2048)),
  enduser_user_agent: optional(text(512)),
  event_occurrence_timestamp: optional(z.number().check(z.int(), z.positive())),
  client_name: optional(text(64)),
  client_version: optional(text(32)),
  custom_schema_name: optional(text(100)),
  source_environment: optional(z.enum(SOURCE_ENVIRONMENTS)),
  context_website_id: optional(text(64)),
  destination_url: optional(text(2048)),
  member_account_id: optional(text(64)),
  object_identifier: optional(text(128)),
  resolved_locale: optional(text(35)),
  website_locale: optional(text(35)),
  member_account_locale: optional(text(35)),
}

/** A commerce event (storefront.md section 3's shopper tracking fields) of schema `eventName`. */
function commerceEventSchema(eventName: string, required: { item: boolean; quantity: boolean }) {
  const item = z.string().check(z.minLength(1), z.maxLength(64))
  const quantity = z.number().check(z.int(), z.minimum(1), z.maximum(9999))
  return z.strictObject({
    ...v2Fields,
    website_id: optional(text(64)),
    page_id: optional(text(64)),
    cart_id: optional(text(128)),
    product_page: optional(z.boolean()),
    pdp_layout: optional(text(64)),
    product: optional(text(500)),
    num_items_in_cart: optional(count),
    product_types_list: optional(z.array(text(32)).check(z.maxLength(10))),
    item_id: required.item ? item : optional(item),
    item_type: optional(text(32)),
    item_title: optional(text(500)),
    item_variant_object: optional(
      z.record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(200))),
    ),
    item_price: optional(z.number().check(z.minimum(0))),
    currency_code: optional(currencyCodeSchema),
    item_quantity: required.quantity ? quantity : optional(quantity),
    event_name: optional(z.literal(eventName)),
    actor: optional(text(32)),
    action: optional(text(32)),
    object_type: optional(text(64)),
    site_user_id: optional(text(64)),
    logged_in: optional(z.boolean()),
    ss_cvr: z.nullable(visitorRecordField),
    source: optional(z.literal(COMMERCE_EVENT_ORIGIN.source)),
    owner_team: optional(z.literal(COMMERCE_EVENT_ORIGIN.owner_team)),
    product_area: optional(z.literal(COMMERCE_EVENT_ORIGIN.product_area)),
    environment: optional(z.enum(['staging', 'production'])),
    /** The page type (shared/page-types.ts): the order confirmed page's 202. */
    page_type: optional(z.number().check(z.int(), z.minimum(1), z.maximum(999))),
  })
}

/** The Performance payload (platform.md section 3 plus INP): optional non-negative numbers. */
export const performancePayloadSchema = z.strictObject(
  Object.fromEntries(PERFORMANCE_FIELDS.map((field) => [field, z.optional(z.number().check(z.minimum(0)))])),
)

/** The Performance event (platform.md section 7): the payload with its fixed fields. */
const performanceEventSchema = z.strictObject({
  ...v2Fields,
  ...performancePayloadSchema.shape,
  action: z.literal(PERFORMANCE_EVENT_ORIGIN.action),
  actor: z.literal(PERFORMANCE_EVENT_ORIGIN.actor),
  owner_team: z.literal(PERFORMANCE_EVENT_ORIGIN.owner_team),
  source: z.literal(PERFORMANCE_EVENT_ORIGIN.source),
  object_type: z.literal(PERFORMANCE_EVENT_ORIGIN.object_type),
})

const [VISIT_PDP, ADD_TO_CART, VIEW_CART, REMOVE_FROM_CART, ITEM_VIEWED, ITEM_ADDED, CHECKOUT_CONFIRMED] =
  COMMERCE_EVENTS

/** Version 2 event schemas by `eventSchemaName`. */
export const EVENT_SCHEMAS: Readonly<Record<string, z.ZodMiniType<Record<string, unknown>>>> = {
  [VISIT_PDP]: commerceEventSchema(VISIT_PDP, { item: true, quantity: false }),
  [ADD_TO_CART]: commerceEventSchema(ADD_TO_CART, { item: true, quantity: true }),
  [VIEW_CART]: commerceEventSchema(VIEW_CART, { item: false, quantity: false }),
  [REMOVE_FROM_CART]: commerceEventSchema(REMOVE_FROM_CART, { item: true, quantity: true }),
  [ITEM_VIEWED]: commerceEventSchema(ITEM_VIEWED, { item: true, quantity: false }),
  [ITEM_ADDED]: commerceEventSchema(ITEM_ADDED, { item: true, quantity: true }),
  [CHECKOUT_CONFIRMED]: commerceEventSchema(CHECKOUT_CONFIRMED, { item: false, quantity: false }),
  Performance: performanceEventSchema,
}

/** Whether `schemaName` is a commerce event (the worker adds the site user and the cart). */
export function isCommerceEvent(schemaName: string): boolean {
  return (COMMERCE_EVENTS as readonly string[]).includes(schemaName)
}

/** `POST /api/v1/clanker/events`: JSON or form-encoded. */
export const clankerEnvelopeSchema = z.object({
  eventSchemaName: z.string().check(z.minLength(1), z.maxLength(100)),
  eventContent: jsonText(z.record(z.string(), z.unknown()), 32_768),
})

/** `validate-event-content/{schemaName}`: the same, the schema named by the path. */
export const clankerValidationSchema = z.partial(clankerEnvelopeSchema, { eventSchemaName: true })

/** One user-timing mark kept by the collector: only the product's prefix (platform.md section 5). */
const userTimingSchema = z.strictObject({
  marks: z
    .array(
      z.strictObject({
        name: z
          .string()
          .check(
            z.maxLength(200),
            z.startsWith(TRACKING.userTimingPrefix, `must start with "${TRACKING.userTimingPrefix}"`),
          ),
        startTime: z.number().check(z.minimum(0)),
      }),
    )
    .check(z.minLength(1), z.maxLength(100)),
})

/**
 * `POST /api/1/performance/records`: a JSON array of `{app, data, event, pageLoadId, ts}` (at
 * most `BEACON_LIMITS.maxPerformanceRecords`, checked before this: a 413, beacon-body.ts).
 */
export const performanceRecordsSchema = z
  .array(
    z.discriminatedUnion('event', [
      z.object({
        app: z.string().check(z.maxLength(64), z.minLength(1)),
        event: z.literal('Performance'),
        data: performancePayloadSchema.check(
          z.refine((data) => Object.keys(data).length > 0, 'must not be empty'),
        ),
        pageLoadId: z.uuid(),
        ts: z.number().check(z.int(), z.positive()),
      }),
      z.object({
        app: z.string().check(z.maxLength(64), z.minLength(1)),
        event: z.literal('UserTiming'),
        data: userTimingSchema,
        pageLoadId: z.uuid(),
        ts: z.number().check(z.int(), z.positive()),
      }),
    ]),
  )
  .check(z.minLength(1, 'must hold at least one record'))
