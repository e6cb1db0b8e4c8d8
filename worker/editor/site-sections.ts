/**
 * The site record (`site:<id>`) in sections, each edited and published by its own capability
 * (shared/editing/roles.ts): a store manager changes the store settings and nothing else, an
 * editor the menus, an admin everything. A save takes from the incoming record only the sections
 * that changed, refuses one the role may not edit (403 naming it), and keeps every other field as
 * it is (ids, the home collection, localized strings). A publish takes a site draft only when the
 * user may publish every section it changes.
 */
import type { Capabilities, EditorRecord } from '../../shared/index'

export type SiteSectionName = 'navigation' | 'design' | 'settings' | 'store'

interface SiteSection {
  readonly name: SiteSectionName
  readonly edit: keyof Capabilities
  readonly publish: keyof Capabilities
  /** The section's fields of a site record, compared as JSON. */
  read(record: EditorRecord): unknown
  /** `record` with this section's fields taken from `from`. */
  take(record: EditorRecord, from: EditorRecord): EditorRecord
}

type Website = Record<string, unknown>

const websiteOf = (record: EditorRecord): Website => (record.website ?? {}) as Website

/** `record` with `fields` set from `values` (a field `undefined` in `values` is removed). */
function withFields(
  record: Record<string, unknown>,
  values: Record<string, unknown>,
  fields: readonly string[],
) {
  const out: Record<string, unknown> = { ...record }
  for (const field of fields) {
    if (values[field] === undefined) delete out[field]
    else out[field] = values[field]
  }
  return out
}

const NAVIGATION_FIELDS = ['navigation', 'footerNavigation'] as const
const DESIGN_WEBSITE_FIELDS = ['logoImage'] as const

export const SITE_SECTIONS: readonly SiteSection[] = [
  {
    name: 'navigation',
    edit: 'editContent',
    publish: 'publishContent',
    read: (record) => NAVIGATION_FIELDS.map((field) => record[field]),
    take: (record, from) => withFields(record, from, NAVIGATION_FIELDS) as EditorRecord,
  },
  {
    name: 'design',
    edit: 'design',
    publish: 'design',
    read: (record) => [record.theme, websiteOf(record).logoImage],
    take: (record, from) => {
      const out = withFields(record, from, ['theme']) as EditorRecord
      out.website = withFields(websiteOf(record), websiteOf(from), DESIGN_WEBSITE_FIELDS)
      return out
    },
  },
  {
    name: 'settings',
    edit: 'siteSettings',
    publish: 'siteSettings',
    read: (record) => {
      const { logoImage: _logo, ...settings } = websiteOf(record)
      return settings
    },
    take: (record, from) => {
      const { logoImage: _logo, ...settings } = websiteOf(from)
      const logo = websiteOf(record).logoImage
      return { ...record, website: logo === undefined ? settings : { ...settings, logoImage: logo } }
    },
  },
  {
    name: 'store',
    edit: 'storeSettings',
    publish: 'publishProducts',
    read: (record) => record.storeSettings,
    take: (record, from) => withFields(record, from, ['storeSettings']) as EditorRecord,
  },
]

/** The sections whose fields differ between two site records. */
export function changedSections(before: EditorRecord | null, after: EditorRecord): SiteSection[] {
  return SITE_SECTIONS.filter(
    (section) =>
      before === null || JSON.stringify(section.read(before)) !== JSON.stringify(section.read(after)),
  )
}

/** Whether the role may edit any part of the site record (the Navigation, Design and Settings screens). */
export function mayEditSite(capabilities: Capabilities): boolean {
  return SITE_SECTIONS.some((section) => capabilities[section.edit])
}

/**
 * The record to store: `current` with the changed sections of `incoming`, or the first changed
 * section the role may not edit.
 */
export function mergeSite(
  current: EditorRecord,
  incoming: EditorRecord,
  capabilities: Capabilities,
): { record: EditorRecord; changed: SiteSectionName[] } | { refused: SiteSectionName } {
  let record = current
  const changed: SiteSectionName[] = []
  for (const section of changedSections(current, incoming)) {
    if (!capabilities[section.edit]) return { refused: section.name }
    record = section.take(record, incoming)
    changed.push(section.name)
  }
  return { record, changed }
}

/** Whether the user may publish a site draft over what is live: every changed section's right. */
export function mayPublishSite(
  live: EditorRecord | null,
  draft: EditorRecord,
  capabilities: Capabilities,
): boolean {
  return changedSections(live, draft).every((section) => capabilities[section.publish])
}
