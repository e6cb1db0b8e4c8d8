/**
 * What each website role may do in the site editor (platform.md section 6 gives the role numbers,
 * not their permissions; this table is ours, and the README's "Edit a site" repeats it). The
 * editor's Worker checks a capability on every call (403 without it); the editor app hides or
 * disables what the signed-in role cannot do. A site user holding several roles gets the union.
 */
import { WebsiteRole } from '../enumerations'

export interface Capabilities {
  /** Open the editor, read every record and its drafts, preview. */
  read: boolean
  /** Edit pages, blog posts, events and galleries (drafts), create, duplicate and delete them. */
  editContent: boolean
  /** Publish content (pages, posts, events, galleries) and change its status. */
  publishContent: boolean
  /** Edit products (drafts), create, duplicate and delete them. */
  editProducts: boolean
  /** Publish products and store settings. */
  publishProducts: boolean
  /** Store settings (the site record's store section). */
  storeSettings: boolean
  /** Rename, merge and remove tags and categories across items. */
  manageTerms: boolean
  /** Roll the site back to an earlier published revision. */
  rollback: boolean
  /** Upload, rename, replace and delete the site's files (issue 22). */
  manageFiles: boolean
  /** The look: fonts, colours, button shape, logo (the site record's `theme` and logo). */
  design: boolean
  /** Site settings: title, description, time zone, money format, cookies, tracking, comments, captcha. */
  siteSettings: boolean
  /** Templates, partials and code: the template editor (issue 23). */
  editTemplates: boolean
  /** Connections: Zapier's API keys and hooks, and the mailing-list connector. */
  manageConnections: boolean
  /** The mailing-list connector alone (ADMIN, and CAMPAIGNS_EDITOR who has nothing else). */
  mailingLists: boolean
  /** Orders (list, detail, mark fulfilled, refund) and restock sign-ups (and their send calls). */
  manageOrders: boolean
  /** Form submissions: list, detail, CSV export. */
  readSubmissions: boolean
  /** Product reviews: hide or show one. */
  moderateReviews: boolean
}

export const NO_CAPABILITIES: Capabilities = {
  read: false,
  editContent: false,
  publishContent: false,
  editProducts: false,
  publishProducts: false,
  storeSettings: false,
  manageTerms: false,
  rollback: false,
  manageFiles: false,
  design: false,
  siteSettings: false,
  editTemplates: false,
  manageConnections: false,
  mailingLists: false,
  manageOrders: false,
  readSubmissions: false,
  moderateReviews: false,
}

/** One row per role that opens the editor; `editorsCanPublish` is the site's setting. */
export function roleCapabilities(role: number, editorsCanPublish: boolean): Capabilities {
  switch (role) {
    case WebsiteRole.ADMIN:
      return {
        read: true,
        editContent: true,
        publishContent: true,
        editProducts: true,
        publishProducts: true,
        storeSettings: true,
        manageTerms: true,
        rollback: true,
        manageFiles: true,
        design: true,
        siteSettings: true,
        editTemplates: true,
        manageConnections: true,
        mailingLists: true,
        manageOrders: true,
        readSubmissions: true,
        moderateReviews: true,
      }
    case WebsiteRole.EDITOR:
      return {
        ...NO_CAPABILITIES,
        read: true,
        editContent: true,
        publishContent: editorsCanPublish,
        manageTerms: true,
        manageFiles: true,
        readSubmissions: true,
      }
    case WebsiteRole.STORE_MANAGER:
      return {
        ...NO_CAPABILITIES,
        read: true,
        editProducts: true,
        publishProducts: true,
        storeSettings: true,
        manageFiles: true,
        manageOrders: true,
        moderateReviews: true,
      }
    case WebsiteRole.CAMPAIGNS_EDITOR:
      return { ...NO_CAPABILITIES, read: true, mailingLists: true }
    case WebsiteRole.VIEWER:
      return { ...NO_CAPABILITIES, read: true }
    default:
      return NO_CAPABILITIES
  }
}

/** The union of a site user's roles' capabilities; no role that opens the editor: all false. */
export function capabilitiesOf(roles: readonly number[], editorsCanPublish: boolean): Capabilities {
  const out = { ...NO_CAPABILITIES }
  for (const role of roles) {
    const granted = roleCapabilities(role, editorsCanPublish)
    for (const name of Object.keys(out) as (keyof Capabilities)[]) out[name] ||= granted[name]
  }
  return out
}

/** Whether a record of this kind is a product (store) record or content. */
export type RecordArea = 'content' | 'products'

export function canEdit(capabilities: Capabilities, area: RecordArea): boolean {
  return area === 'products' ? capabilities.editProducts : capabilities.editContent
}

export function canPublish(capabilities: Capabilities, area: RecordArea): boolean {
  return area === 'products' ? capabilities.publishProducts : capabilities.publishContent
}
