// The zone cache purge after a publish (worker/editor/purge.ts): by the site's Cache-Tag, through
// Cloudflare's purge API in production (which tests cannot reach: its answers are played here),
// logged locally; a refusal throws so the queue retries.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { EditorEnv, PurgeJob } from '../../worker/editor/env'
import { purge } from '../../worker/editor/purge'

const JOB: PurgeJob = { kind: 'purge', siteId: 'aurora', version: '7', tags: ['site-aurora'] }
const production = {
  ...(env as unknown as EditorEnv),
  CACHE_PURGE_PROVIDER: 'cloudflare',
  CLOUDFLARE_ZONE_ID: 'zone123',
  CLOUDFLARE_API_TOKEN: 'token-abc',
}

describe('Purging the zone cache after a publish', () => {
  it('Should purge the site by its Cache-Tag with the zone and token given', async () => {
    const sent: { url: string; init: RequestInit | undefined }[] = []
    await purge(production, JOB, async (input, init) => {
      sent.push({ url: String(input), init })
      return new Response('{"success":true}', { status: 200 })
    })
    expect(sent).toHaveLength(1)
    expect(sent[0]?.url).toBe('https://api.cloudflare.com/client/v4/zones/zone123/purge_cache')
    expect((sent[0]?.init?.headers as Record<string, string> | undefined)?.authorization).toBe(
      'Bearer token-abc',
    )
    expect(JSON.parse(String(sent[0]?.init?.body))).toEqual({ tags: ['site-aurora'] })
  })

  it('Should throw (the queue retries) when the API refuses or the configuration is missing', async () => {
    await expect(purge(production, JOB, async () => new Response('no', { status: 500 }))).rejects.toThrow(
      /HTTP 500/,
    )
    await expect(purge({ ...production, CLOUDFLARE_API_TOKEN: undefined }, JOB)).rejects.toThrow(
      /CLOUDFLARE_API_TOKEN/,
    )
  })

  it('Should only log locally', async () => {
    await expect(
      purge(env as unknown as EditorEnv, JOB, async () => {
        throw new Error('must not be called')
      }),
    ).resolves.toBeUndefined()
  })
})
