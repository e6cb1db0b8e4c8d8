// The storefront's router keeps its answers per method and path (worker/http/hono.ts): a kept
// answer must be the one the trie gives, with each path's own parameters.
import { describe, expect, it } from 'vitest'
import { Hono } from '../../worker/http/hono'

function app() {
  const routes = new Hono()
  routes.use(async (c, next) => {
    await next()
    c.header('x-seen', 'yes')
  })
  routes.get('/:collection/:slug', (c) => c.text(`item ${c.req.param('collection')}/${c.req.param('slug')}`))
  routes.get('/:collection?', (c) => c.text(`collection ${c.req.param('collection') ?? '(home)'}`))
  return routes
}

describe('The router’s kept answers', () => {
  it('Should give every path its own parameters, the second time as the first', async () => {
    const routes = app()
    for (let round = 0; round < 2; round++) {
      for (const [path, text] of [
        ['/apparel/tee', 'item apparel/tee'],
        ['/gear/axe', 'item gear/axe'],
        ['/apparel', 'collection apparel'],
        ['/', 'collection (home)'],
      ] as const) {
        const response = await routes.request(path)
        expect(await response.text(), path).toBe(text)
        expect(response.headers.get('x-seen')).toBe('yes')
      }
    }
    // POST has no route here: a kept GET answer is not one for another method.
    expect((await routes.request('/apparel/tee', { method: 'POST' })).status).toBe(404)
  })

  it('Should route a path longer than it keeps, and a route added after the first request', async () => {
    const routes = app()
    const long = `/apparel/${'x'.repeat(400)}`
    expect(await (await routes.request(long)).text()).toBe(`item apparel/${'x'.repeat(400)}`)
    expect((await routes.request('/about/team/members')).status).toBe(404)
    routes.get('/about/team/members', (c) => c.text('the team page'))
    expect(await (await routes.request('/about/team/members')).text()).toBe('the team page')
  })
})
