/**
 * zod as the worker uses it: `zod/mini` (functions rather than methods, so the bundle keeps only
 * the checks the schemas use; classic zod pulls in every method and its JSON Schema generator)
 * with English messages, the only locale loaded (issue 15). `zod/mini` loads no locale by
 * itself: without this, every message would read "Invalid input".
 *
 * Every module in worker/ imports zod through this one (Biome refuses `zod` elsewhere), so the
 * messages are set before any schema parses.
 */
// biome-ignore lint/style/noRestrictedImports: the one door to zod
import { config } from 'zod/mini'
// biome-ignore lint/style/noRestrictedImports: the one door to zod
import en from 'zod/v4/locales/en.js'

config(en())

// biome-ignore lint/style/noRestrictedImports: the one door to zod
export * from 'zod/mini'
