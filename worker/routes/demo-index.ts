/**
 * Local development only (`DEMO_INDEX = "true"`): plain `localhost` (or 127.0.0.1) lists the
 * demo tenants with links to their hosts on the same port.
 */
import type { MiddlewareHandler } from 'hono'
import { escapeHtmlAttribute } from '../../shared/index'
import type { AppEnv } from '../env'
import { plainHtmlResponse } from '../http/plain-pages'
import { getSite, hostnameOf } from '../middleware/tenant'

const INDEX_HOSTS = new Set(['localhost', '127.0.0.1'])

export function demoIndex(): MiddlewareHandler<AppEnv> {
  return async function demoIndex(c, next) {
    if (c.env.DEMO_INDEX !== 'true' || c.req.path !== '/' || !INDEX_HOSTS.has(hostnameOf(c.req.raw))) {
      return next()
    }
    const { keys } = await c.env.CATALOG.list({ prefix: 'host:' })
    const port = new URL(c.req.url).port
    const rows = await Promise.all(
      keys.map(async ({ name }) => {
        const hostname = name.slice('host:'.length)
        const siteId = (await c.env.CATALOG.get(name, 'text'))?.trim() ?? ''
        const site = await getSite(c.env.CATALOG, siteId).catch(() => null)
        const href = `http://${hostname}${port ? `:${port}` : ''}/`
        const title = site ? site.website.siteTitle : `${siteId} (record missing or invalid)`
        return `<li><a href="${escapeHtmlAttribute(href)}">${escapeHtmlAttribute(title)}</a> <code>${escapeHtmlAttribute(hostname)}</code></li>`
      }),
    )
    return plainHtmlResponse(
      200,
      'Demo tenants',
      'Each demo tenant is served on its own host.',
      `<ul style="text-align:left">${rows.join('')}</ul>`,
    )
  }
}
