// Address autocomplete through the worker (platform.md section 7) and likes (storefront.md
// section 2).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { googlePlaces, placesProvider } from '../../worker/providers/places'
import { apiCall, newCrumb } from './form-helpers'

afterEach(() => vi.restoreAllMocks())

const JOURNAL = 'journal.localhost'
const CONTEXT = 'productPage=public-form&productSection=address-field'

describe('GET /api/google-maps/places/autocomplete and /details', () => {
  it('Should answer the local provider’s predictions for what was typed', async () => {
    const response = await apiCall(JOURNAL, `/api/google-maps/places/autocomplete?input=ferry&${CONTEXT}`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      status: string
      predictions: { description: string; place_id: string }[]
    }
    expect(body.status).toBe('OK')
    expect(body.predictions).toEqual([
      expect.objectContaining({
        description: '1 Ferry Building, San Francisco, CA 94111, United States',
        place_id: 'local-1',
      }),
    ])
  })

  it('Should answer a place’s address components', async () => {
    const response = await apiCall(JOURNAL, `/api/google-maps/places/details?place_id=local-3&${CONTEXT}`)
    const body = (await response.json()) as {
      result: { address_components: { long_name: string; types: string[] }[] }
    }
    expect(body.result.address_components.map((c) => c.long_name)).toEqual([
      '100',
      'Church Street',
      'Burlington',
      'VT',
      '05401',
      'United States',
    ])
  })

  it('Should log the tracking-context warning for a details call without productPage or productSection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await apiCall(JOURNAL, `/api/google-maps/places/details?place_id=local-1&${CONTEXT}`)
    expect(warn).not.toHaveBeenCalled()
    await apiCall(JOURNAL, '/api/google-maps/places/details?place_id=local-1&productPage=public-form')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('"event":"places-tracking-context-missing"')
  })

  it('Should answer a call without input or place_id with a 400', async () => {
    expect((await apiCall(JOURNAL, '/api/google-maps/places/autocomplete?input=')).status).toBe(400)
    expect((await apiCall(JOURNAL, '/api/google-maps/places/details')).status).toBe(400)
  })

  it('Should send Google the caller’s parameters with the key from configuration, and the tracking context to nobody', async () => {
    const calls: URL[] = []
    const fetcher = async (input: RequestInfo | URL) => {
      calls.push(new URL(String(input)))
      return Response.json({ status: 'OK', predictions: [] })
    }
    const provider = googlePlaces('server-side-key', fetcher as typeof fetch)
    const answer = await provider.autocomplete({ input: 'church st', sessiontoken: 'abc' })
    expect(answer).toEqual({ status: 'OK', predictions: [] })
    expect(calls[0]?.origin + (calls[0]?.pathname ?? '')).toBe(
      'https://maps.googleapis.com/maps/api/place/autocomplete/json',
    )
    expect(Object.fromEntries(calls[0]?.searchParams ?? [])).toEqual({
      input: 'church st',
      sessiontoken: 'abc',
      key: 'server-side-key',
    })
  })

  it('Should refuse to start the Google provider without its key, saying how to set it', () => {
    expect(() => placesProvider({ PLACES_PROVIDER: 'google' })).toThrow(
      /wrangler secret put GOOGLE_MAPS_API_KEY/,
    )
    expect(placesProvider({}).name).toBe('local')
  })
})

describe('POST /api/content/likes', () => {
  const ITEM = 'journal-item-0001'

  async function like(crumb: string, itemId = ITEM, host = JOURNAL) {
    return apiCall(host, '/api/content/likes', { body: { itemId }, crumb })
  }

  it('Should count a visitor’s like once and answer the updated count', async () => {
    const crumb = newCrumb()
    const first = (await (await like(crumb)).json()) as { likeCount: number; liked: boolean }
    expect(first.liked).toBe(true)
    const again = (await (await like(crumb)).json()) as { likeCount: number }
    expect(again.likeCount).toBe(first.likeCount)
    const someoneElse = (await (await like(newCrumb())).json()) as { likeCount: number }
    expect(someoneElse.likeCount).toBe(first.likeCount + 1)
  })

  it('Should answer 404 for an item the site does not have and 403 where simple liking is off', async () => {
    expect((await like(newCrumb(), 'journal-item-9999')).status).toBe(404)
    const aurora = await like(newCrumb(), 'aurora-item-0001', 'aurora.localhost')
    expect(aurora.status).toBe(403)
  })

  it('Should refuse a like without the crumb (403) and a malformed body (400)', async () => {
    expect(
      (await apiCall(JOURNAL, '/api/content/likes', { body: { itemId: ITEM }, crumb: null })).status,
    ).toBe(403)
    expect((await apiCall(JOURNAL, '/api/content/likes', { rawBody: '{"itemId":1}' })).status).toBe(400)
  })
})
