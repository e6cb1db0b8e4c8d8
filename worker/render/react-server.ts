/**
 * React's server renderer, the one build the worker needs. The worker renders with
 * `renderToString` only (synchronous, several times cheaper than the streaming renderer for
 * the small parts React renders here: head tags, island views, the cart page). `react-dom/server`
 * would bundle React's streaming edge build beside it (about 115 KB), so the worker imports the
 * string renderer's own production build, which is what `react-dom/server` hands out for it.
 */
import type { renderToString as typed } from 'react-dom/server'
// @ts-expect-error: React's CommonJS build has no type declarations of its own; typed below.
import { renderToString as render } from '../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js'

export const renderToString: typeof typed = render
