/**
 * The editor's limits: platform.md section 9's shared limits, and ours where the spec gives
 * none. Checked in the editor app before anything is saved, and again by the server.
 */
export const EDITOR_LIMITS = {
  /** platform.md section 9: max items in a user-orderable collection. */
  itemsPerCollection: 250,
  /** platform.md section 9: max products in a collection. */
  productsPerCollection: 200,
  /** platform.md section 9: max tag length. */
  tagLength: 50,
  /** platform.md section 9: max category length. */
  categoryLength: 25,
  /** Ours: a title's length. */
  titleLength: 200,
  /** Ours: an excerpt's length. */
  excerptLength: 2000,
  /** Ours: a body's length (rich text HTML). */
  bodyLength: 200_000,
  /** Ours: a URL slug's length. */
  slugLength: 100,
  /** Ours: tags or categories on one item. */
  termsPerItem: 50,
  /** Ours: milliseconds of idle typing before an autosave. */
  autosaveIdleMs: 1500,
} as const
