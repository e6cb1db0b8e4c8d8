import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../worker/api-worker/index'
import { DEMO_TENANTS, visit } from './helpers'

afterEach(() => vi.restoreAllMocks())

describe('tenancy', () => {
  for (const tenant of DEMO_TENANTS) {
    it(`Should serve ${tenant.host} its own home page`, async () => {
      const response = await visit(tenant.host)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const html = await response.text()
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
      expect(html).toContain(`<html lang="${tenant.lang}">`)
      expect(html).toContain(`<title>${tenant.title}</title>`)
      expect(html).toContain(`<link rel="canonical" href="http://${tenant.host}/"/>`)
      if (tenant.currency) expect(html).toContain(`Prices in ${tenant.currency}`)
      for (const other of DEMO_TENANTS.filter((t) => t !== tenant)) expect(html).not.toContain(other.title)
    })
  }

  it('Should read the Host header without its port and regardless of case', async () => {
    const response = await visit('AURORA.localhost:8787')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<title>Aurora Outfitters</title>')
  })

  it('Should answer an unknown host with a 404 page that names no tenant', async () => {
    const response = await visit('unknown.example.com')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Website not found')
    for (const tenant of DEMO_TENANTS) {
      expect(html).not.toContain(tenant.title)
      expect(html).not.toContain(tenant.siteId)
    }
  })

  it('Should answer every path of an unknown host with the same 404, sitemap included', async () => {
    for (const path of ['/sitemap.xml', '/apparel', '/robots.txt']) {
      const response = await visit('unknown.example.com', path)
      expect(response.status).toBe(404)
      expect(await response.text()).toContain('Website not found')
    }
  })

  it('Should answer a tenant whose site record fails its schema with a 500 page and a structured log line', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await visit('broken.localhost')
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain('This page could not be loaded')
    expect(html).not.toContain('Broken Bakery')
    const entries = logged.mock.calls.map(([line]) => JSON.parse(String(line)))
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        event: 'broken-record',
        key: 'site:broken',
        host: 'broken.localhost',
        issues: expect.arrayContaining([expect.stringMatching(/^homeCollection: /)]),
      }),
    )
  })

  it('Should answer a site record that is not JSON with the same 500 page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await env.CATALOG.put('host:garbled.localhost', 'garbled')
    await env.CATALOG.put('site:garbled', '{"id": "garbled", ')
    const response = await visit('garbled.localhost')
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('This page could not be loaded')
  })

  it('Should treat a host mapped to a site with no record as unknown', async () => {
    await env.CATALOG.put('host:orphan.localhost', 'orphan')
    const response = await visit('orphan.localhost')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Website not found')
  })

  it("Should NOT serve one tenant's collection or item on another tenant's host", async () => {
    const [journalCollection] = (await env.CATALOG.list({ prefix: 'site:journal:collection:' })).keys
    const slug = journalCollection?.name.split(':').pop() ?? ''
    expect(slug).not.toBe('')
    const own = await visit('journal.localhost', `/${slug}`)
    expect([200, 301]).toContain(own.status)
    const foreign = await visit('aurora.localhost', `/${slug}`)
    expect(foreign.status).toBe(404)
    expect(await foreign.text()).not.toContain('Field Journal')
  })

  it('Should list the demo tenants on plain localhost in local development', async () => {
    const response = await visit('localhost:8787')
    expect(response.status).toBe(200)
    const html = await response.text()
    for (const tenant of DEMO_TENANTS) {
      expect(html).toContain(`<a href="http://${tenant.host}:8787/">${tenant.title}</a>`)
    }
  })

  it('Should NOT list the demo tenants when the demo index is off (production)', async () => {
    const production = { ...env, DEMO_INDEX: undefined }
    const response = await app.fetch(new Request('http://localhost/'), production, createExecutionContext())
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('Aurora Outfitters')
  })
})
