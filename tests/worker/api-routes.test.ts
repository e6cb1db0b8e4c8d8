// The one table of the JSON API (shared/api-routes.ts): every entry is answered by the worker at
// its method and path (whatever the answer, it is not the catch-all's JSON 404), and the table
// itself names each call once, under /api/.
import { describe, expect, it } from 'vitest'
import { API, type ApiRoute } from '../../shared/index'
import { visit } from './helpers'

const AURORA = 'aurora.localhost'
const NO_SUCH_CALL = 'There is no such API call.'
const ENTRIES = Object.entries(API) as [string, ApiRoute][]

/** The entry's path with each `:param` filled in. */
function concrete(path: string): string {
  return path.replace(/:[A-Za-z]+/g, 'x')
}

async function answerOf(method: string, path: string): Promise<{ status: number; message: unknown }> {
  const response = await visit(AURORA, path, {
    method,
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
  })
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null
  return { status: response.status, message: body?.message }
}

describe('The table of API routes', () => {
  it('Should name each call once, under /api/', () => {
    expect(ENTRIES.length).toBeGreaterThan(20)
    for (const [, route] of ENTRIES) expect(route.path).toMatch(/^\/api\//)
    const calls = ENTRIES.map(([, route]) => `${route.method} ${route.path}`)
    expect(new Set(calls).size).toBe(calls.length)
  })

  it('Should keep only the method and path at run time (no schemas for the browser to bundle)', () => {
    for (const [, route] of ENTRIES) expect(Object.keys(route).sort()).toEqual(['method', 'path'])
  })

  for (const [name, route] of ENTRIES) {
    it(`Should answer ${name} (${route.method} ${route.path})`, async () => {
      const answer = await answerOf(route.method, concrete(route.path))
      expect(answer.message === NO_SUCH_CALL && answer.status === 404).toBe(false)
    })
  }

  it('Should answer a path outside the table with the JSON 404', async () => {
    const answer = await answerOf('POST', '/api/content/likes/nothing-here')
    expect(answer).toEqual({ status: 404, message: NO_SUCH_CALL })
    const wrongMethod = await answerOf('PATCH', API.likeItem.path)
    expect(wrongMethod).toEqual({ status: 404, message: NO_SUCH_CALL })
  })
})
