// The template editor's API in workerd (issue 23): the templates and partials of a site, drafts
// with revisions and 409s, the page data a preview renders against, publishing (the source and
// its compiled form as seeding stores them, refusals naming the engine's message and position or
// the render budget), Review Changes, restoring the built-in default, and who may call what.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type {
  TemplateAnswer,
  TemplateConflictAnswer,
  TemplateDataAnswer,
  TemplatesAnswer,
} from '../../shared/editing-areas'
import type { ChangesAnswer, PublishRefusal } from '../../shared/index'
import { compile, DEFAULT_PARTIALS, DEFAULT_TEMPLATES } from '../../templates/index'
import { anonymousEditor, type Editor, signInEditor } from './editor-client'
import { visit } from './helpers'

const AURORA = 'aurora.localhost'
const JOURNAL = 'journal.localhost'
const PRODUCT_PAGE = '/apparel/trailhead-long-sleeve-tee'

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

async function read(admin: Editor, name: string): Promise<TemplateAnswer> {
  const response = await admin.call(`/config/api/templates/${name}`)
  expect(response.status).toBe(200)
  return json<TemplateAnswer>(response)
}

/** Saves `source` as the draft of `name` from its current revision. */
async function saveDraft(admin: Editor, name: string, source: string | null): Promise<TemplateAnswer> {
  const { revision } = await read(admin, name)
  const response = await admin.call(`/config/api/templates/${name}`, {
    method: 'PUT',
    body: { source, baseRevision: revision },
  })
  expect(response.status).toBe(200)
  return json<TemplateAnswer>(response)
}

function publish(admin: Editor, name: string): Promise<Response> {
  return admin.call(`/config/api/templates/${name}/publish`, { method: 'POST', body: {} })
}

async function pageText(host: string, path: string): Promise<string> {
  return (await visit(host, path)).text()
}

/** Ten macros applying the next ten times: a million units of work from a few lines. */
function explodingTemplate(): string {
  const ten = (macro: string) => `{@|apply ${macro}}`.repeat(10)
  const sum = `{.eval ${Array(200).fill('1').join('+')}}`
  return `{.macro a}${sum}{.end}{.macro b}${ten('a')}{.end}{.macro c}${ten('b')}{.end}{.macro d}${ten('c')}{.end}{.macro e}${ten('d')}{.end}<p>{@|apply e}</p>`
}

describe('Templates of a site', () => {
  it('Should list every page template and partial, built-in until the site has its own', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const { templates } = await json<TemplatesAnswer>(await admin.call('/config/api/templates'))
    expect(templates.map((t) => t.name)).toEqual([
      ...Object.keys(DEFAULT_TEMPLATES),
      ...Object.keys(DEFAULT_PARTIALS),
    ])
    expect(templates.find((t) => t.name === 'product')).toEqual({
      name: 'product',
      kind: 'page',
      overridden: false,
      hasDraft: false,
    })
    expect(templates.find((t) => t.name === 'product-card.block')?.kind).toBe('partial')
    const product = await read(admin, 'product')
    expect(product.live).toBe(DEFAULT_TEMPLATES.product)
    expect(product.builtIn).toBe(DEFAULT_TEMPLATES.product)
    expect(product).toMatchObject({ overridden: false, draft: null, revision: 0 })
    expect((await admin.call('/config/api/templates/no-such-template')).status).toBe(404)
  })

  it("Should give a template the storefront's data of a real page, and a partial the page that applies it", async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const product = await json<TemplateDataAnswer>(
      await admin.call(`/config/api/templates/product/data?path=${encodeURIComponent(PRODUCT_PAGE)}`),
    )
    expect(product.template).toBe('product')
    expect(product.path).toBe(PRODUCT_PAGE)
    expect((product.data.item as { title: string }).title).toBe('Trailhead Long-Sleeve Tee')
    expect((product.data.website as { siteTitle: string }).siteTitle).toBeTruthy()
    expect(product.partials['product-card.block']).toBe(DEFAULT_PARTIALS['product-card.block'])
    expect(product.pages.map((p) => p.template)).toContain('products')
    // Without a path: the first page that renders with it.
    const suggested = await json<TemplateDataAnswer>(await admin.call('/config/api/templates/product/data'))
    expect(suggested.pages[0]?.template).toBe('product')
    expect(suggested.template).toBe('product')
    // Another host's page is never fetched: the suggested page instead.
    for (const elsewhere of ['//kissa.localhost/tea', '/\\kissa.localhost/tea']) {
      const answer = await json<TemplateDataAnswer>(
        await admin.call(`/config/api/templates/product/data?path=${encodeURIComponent(elsewhere)}`),
      )
      expect(answer.path).toBe(suggested.path)
    }
    const card = await json<TemplateDataAnswer>(
      await admin.call('/config/api/templates/product-card.block/data'),
    )
    expect(card.template).toBe('products')
    expect(card.templateSource).toBe(DEFAULT_TEMPLATES.products)
    expect(Array.isArray(card.data.items)).toBe(true)
    const css = await admin.call(card.stylesheet)
    expect(css.headers.get('Content-Type')).toContain('text/css')
    // The page's linked shared rules and its own inline variables, both (render/stylesheet.ts).
    const text = await css.text()
    expect(text).toContain('product-card')
    expect(text).toContain(':root{')
  })
})

describe('Drafts, publishing and refusals', () => {
  it('Should save a draft with the budget it used, refuse a stale save with theirs, and list it in Review Changes', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const source = DEFAULT_TEMPLATES.blog.replace('{.section', '<p class="drafted">Drafted</p>{.section')
    const saved = await saveDraft(admin, 'blog', source)
    expect(saved.draft?.source).toBe(source)
    expect(saved.draft?.budget?.stopped).toBeNull()
    expect(saved.draft?.budget?.work).toBeGreaterThan(0)
    expect(saved.draft?.budget?.maxWork).toBe(1_000_000)
    const stale = await admin.call('/config/api/templates/blog', {
      method: 'PUT',
      body: { source: 'mine', baseRevision: saved.revision - 1 },
    })
    expect(stale.status).toBe(409)
    const conflict = await json<TemplateConflictAnswer>(stale)
    expect(conflict.conflict.theirs?.source).toBe(source)
    expect(conflict.conflict.revision).toBe(saved.revision)
    expect((await read(admin, 'blog')).draft?.source).toBe(source)
    const { changes } = await json<ChangesAnswer>(await admin.call('/config/api/changes'))
    expect(changes.find((c) => c.key === 'template:blog')).toMatchObject({
      title: 'Template blog',
      canPublish: true,
      fields: [{ field: 'source', live: DEFAULT_TEMPLATES.blog, draft: source }],
    })
    const discarded = await admin.call(`/config/api/templates/blog/draft?revision=${saved.revision}`, {
      method: 'DELETE',
    })
    expect(discarded.status).toBe(200)
    expect((await json<TemplateAnswer>(discarded)).draft).toBeNull()
  })

  it('Should refuse to publish a template that does not compile, naming it, the line and column and the message', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    await saveDraft(admin, 'events', '<h1>Events</h1>\n{.section collection}\n<p>{title}</p>')
    const refused = await publish(admin, 'events')
    expect(refused.status).toBe(422)
    const body = await json<PublishRefusal>(refused)
    expect(body.message).toBe('Nothing was published: fix these first.')
    expect(body.problems).toEqual([
      {
        key: 'template:events',
        title: 'events',
        field: '3:15',
        message:
          'The template does not compile: Unexpected end of file: the {.section} block was never closed with {.end}',
      },
    ])
    expect(await env.CATALOG.get('site:aurora:template:events')).toBeNull()
  })

  it('Should refuse to publish a template that runs past the render budget, with the reason', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const saved = await saveDraft(admin, 'page', explodingTemplate())
    expect(saved.draft?.budget?.stopped).toContain('did more than 1000000 units of work')
    const refused = await publish(admin, 'page')
    expect(refused.status).toBe(422)
    const [problem] = (await json<PublishRefusal>(refused)).problems
    expect(problem).toMatchObject({ key: 'template:page', title: 'page', field: 'render budget' })
    expect(problem?.message).toMatch(
      /^The template runs past the render budget on \/\S*: Rendering stopped: the template did more than 1000000 units of work/,
    )
    expect(await env.CATALOG.get('site:aurora:template:page')).toBeNull()
  })

  it('Should publish the source and its compiled form as seeding stores them, and the product page changes', async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    expect(await pageText(AURORA, PRODUCT_PAGE)).not.toContain('Made in our own workshop')
    const versionBefore = await env.CATALOG.get('site:aurora:version')
    const source = `<p class="workshop-note">Made in our own workshop</p>\n${DEFAULT_TEMPLATES.product}`
    await saveDraft(admin, 'product', source)
    const published = await publish(admin, 'product')
    expect(published.status).toBe(200)
    expect((await json<{ published: string[] }>(published)).published).toEqual(['template:product'])
    expect(await env.CATALOG.get('site:aurora:template:product')).toBe(source)
    expect(await env.CATALOG.get('site:aurora:template:product:compiled')).toBe(
      JSON.stringify(compile(source).code),
    )
    expect(await env.CATALOG.get('site:aurora:version')).not.toBe(versionBefore)
    expect(await pageText(AURORA, PRODUCT_PAGE)).toContain(
      '<p class="workshop-note">Made in our own workshop</p>',
    )
    const after = await read(admin, 'product')
    expect(after).toMatchObject({ live: source, overridden: true, draft: null })

    // Restore the built-in default: both keys go, the page is the built-in one again.
    const restoring = await saveDraft(admin, 'product', null)
    expect(restoring.draft?.source).toBeNull()
    expect((await publish(admin, 'product')).status).toBe(200)
    expect(await env.CATALOG.get('site:aurora:template:product')).toBeNull()
    expect(await env.CATALOG.get('site:aurora:template:product:compiled')).toBeNull()
    expect(await pageText(AURORA, PRODUCT_PAGE)).not.toContain('Made in our own workshop')
    expect((await read(admin, 'product')).overridden).toBe(false)
  })

  it("Should render a site's own partial on its pages once published", async () => {
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    const source = DEFAULT_PARTIALS['product-card.block']?.replace(
      '<h2 class="product-card-title">',
      '<p class="card-flag">Hand picked</p><h2 class="product-card-title">',
    ) as string
    await saveDraft(admin, 'product-card.block', source)
    expect((await publish(admin, 'product-card.block')).status).toBe(200)
    expect(await pageText(AURORA, '/apparel')).toContain('<p class="card-flag">Hand picked</p>')
    await saveDraft(admin, 'product-card.block', null)
    expect((await publish(admin, 'product-card.block')).status).toBe(200)
    expect(await pageText(AURORA, '/apparel')).not.toContain('card-flag')
  })
})

describe('Who may edit templates', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/config/api/templates'],
    ['GET', '/config/api/templates/product'],
    ['PUT', '/config/api/templates/product', { source: '<p>x</p>', baseRevision: 0 }],
    ['DELETE', '/config/api/templates/product/draft'],
    ['GET', '/config/api/templates/product/data'],
    ['GET', '/config/api/templates/product/stylesheet?path=/'],
    ['POST', '/config/api/templates/product/publish', {}],
  ]

  it('Should answer 403 to a store manager, an editor and a viewer on every call, and 401 without a session', async () => {
    const others = [
      await signInEditor(AURORA, 'manager@aurora.example'),
      await signInEditor(AURORA, 'viewer@aurora.example'),
      await signInEditor(JOURNAL, 'editor@journal.example'),
    ]
    for (const editor of others)
      for (const [method, path, body] of calls) {
        const response = await editor.call(path, { method, ...(body === undefined ? {} : { body }) })
        expect(`${method} ${path}: ${response.status}`).toBe(`${method} ${path}: 403`)
        expect((await json<{ message: string }>(response)).message).toBe('Your role cannot do this.')
      }
    for (const [method, path, body] of calls) {
      const response = await anonymousEditor(AURORA).call(path, {
        method,
        ...(body === undefined ? {} : { body }),
      })
      expect(response.status).toBe(401)
    }
    const admin = await signInEditor(AURORA, 'admin@aurora.example')
    expect((await read(admin, 'product')).draft).toBeNull()
  })

  it('Should leave a template draft out of a publish by a role that may not edit templates', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const source = `<p>Journal</p>${DEFAULT_TEMPLATES.gallery}`
    await saveDraft(admin, 'gallery', source)
    const editor = await signInEditor(JOURNAL, 'editor@journal.example')
    await editor.call('/config/api/publish', { method: 'POST', body: { keys: ['template:gallery'] } })
    expect(await env.CATALOG.get('site:journal:template:gallery')).toBeNull()
    const { changes } = await json<ChangesAnswer>(await editor.call('/config/api/changes'))
    expect(changes.find((c) => c.key === 'template:gallery')?.canPublish).toBe(false)
  })
})
