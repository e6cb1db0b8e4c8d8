// The body's code, markdown and chart blocks (issue 23) in workerd: each save makes a block's
// HTML again from its data, refuses data past the limits, and the storefront serves the chart
// as static SVG with no script; the preview endpoint's role checks.
import { describe, expect, it } from 'vitest'
import type { RecordAnswer } from '../../shared/index'
import { recordPath, signInEditor } from './editor-client'
import { visit } from './helpers'

const JOURNAL = 'journal.localhost'
const POST = 'item:field-notes/tide-pools-at-dawn'
const POST_PATH = '/field-notes/tide-pools-at-dawn'

type Editor = Awaited<ReturnType<typeof signInEditor>>

function attr(value: unknown): string {
  return JSON.stringify(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;')
}

function block(type: number, data: unknown, inner = ''): string {
  return `<div data-block-type="${type}" data-block="${attr(data)}">${inner}</div>`
}

const SALES = [
  ['Month', 'Sales', 'Returns'],
  ['Jan', '120', '4'],
  ['Feb', '98.5', '3'],
  ['<img src=x onerror=alert(1)>', '1,200', '7'],
]

async function saveBody(editor: Editor, body: string): Promise<Response> {
  const answer = (await (await editor.call(recordPath(POST))).json()) as RecordAnswer
  const record = structuredClone(answer.draft?.record ?? answer.live) as Record<string, unknown>
  record.body = body
  return editor.call(recordPath(POST), { method: 'PUT', body: { record, baseRevision: answer.revision } })
}

async function savedBody(response: Response): Promise<string> {
  expect(response.status).toBe(200)
  return String(((await response.json()) as RecordAnswer).draft?.record.body)
}

describe('Blocks on save', () => {
  it('Should make each block again from its data, dropping the inner HTML the client sent', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const body = await savedBody(
      await saveBody(
        admin,
        [
          '<p>Before</p>',
          block(
            23,
            {
              mode: 'html',
              source: '<p onclick="x()">Hi<script>alert(1)</script><img src="/a.png" onerror="alert(2)"></p>',
            },
            '<script>evil()</script>',
          ),
          block(44, {
            mode: 'markdown',
            source:
              '# Tides\n\n<script>alert(3)</script>\n\n[bad](javascript:alert(4)) and [good](https://example.com) **bold**',
          }),
          block(23, { mode: 'source', source: '<b>"bold" & co</b>' }, '<svg onload="alert(5)"></svg>'),
          block(62, {
            chart: 'bar',
            title: 'Sales <b>2026</b>',
            xLabel: 'Month',
            yLabel: 'Units',
            rows: SALES,
          }),
          '<svg><script>alert(6)</script></svg><p>After</p>',
        ].join(''),
      ),
    )
    // No live markup is left: no script element, no handler attribute, no javascript: link (the
    // data attribute keeps the source, as inert text).
    const markup = body.replace(/ data-block="[^"]*"/g, '')
    expect(markup).not.toMatch(/<script|<[^>]*\son\w+=|href="javascript/i)
    expect(body).toContain('<p>Before</p>')
    expect(body).toContain('<p>After</p>')
    // Code: sanitised as rich text is.
    expect(body).toContain('<div class="block block-code" data-block-type="23" data-block="')
    expect(body).toContain('<p>Hi<img src="/a.png"></p></div>')
    // Markdown: HTML left as text, the javascript: link not a link.
    expect(body).toContain('<h1>Tides</h1>')
    expect(body).toContain('&lt;script&gt;alert(3)&lt;/script&gt;')
    expect(body).toContain('<a href="https://example.com">good</a> <strong>bold</strong>')
    expect(body).not.toContain('href="javascript')
    // Display Source: escaped.
    expect(body).toContain('<pre><code>&lt;b&gt;"bold" &amp; co&lt;/b&gt;</code></pre>')
    // Chart: the renderer's SVG only, its labels escaped; the client's own SVG is gone.
    expect(body.match(/<svg/g)?.length).toBe(1)
    expect(body).toMatch(
      /<svg class="chart-svg chart-bar" role="img" viewBox="0 0 480 300" aria-labelledby="(chart-[0-9a-f]{8}-3)-t \1-d"/,
    )
    expect(body).toContain('>Sales &lt;b&gt;2026&lt;/b&gt;</title>')
    expect(body).toContain('<th scope="row">&lt;img src=x onerror=alert(1)&gt;</th><td>1,200</td><td>7</td>')
    expect(body).toContain('<summary>Show data</summary><table>')
    // Saving what was saved gives the same HTML.
    expect(await savedBody(await saveBody(admin, body))).toBe(body)
  })

  it('Should refuse data past the limits or a dataset the chart cannot draw with a 400 naming the body', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const cases: [string, string][] = [
      [
        block(23, { mode: 'html', source: 'x'.repeat(50_001) }),
        'The source is too long: at most 50000 characters.',
      ],
      [
        block(62, { chart: 'bar', title: '', xLabel: '', yLabel: '', rows: [['Month'], ['Jan']] }),
        'Your dataset must have at least one column',
      ],
      [
        block(62, { chart: 'bar', title: '', xLabel: '', yLabel: '', rows: [['Month', 'Sales']] }),
        'Your dataset must have at least one row',
      ],
      [
        block(62, {
          chart: 'pie',
          title: '',
          xLabel: '',
          yLabel: '',
          rows: [
            ['Month', 'Sales'],
            ['Jan', ''],
          ],
        }),
        'One or more rows was missing data',
      ],
      [
        block(62, {
          chart: 'line',
          title: '',
          xLabel: '',
          yLabel: '',
          rows: [
            ['M', 'S'],
            ['Jan', 'lots'],
          ],
        }),
        '“lots” in row 1 is not a number.',
      ],
      [block(44, { mode: 'html', source: 'x' }), 'Block type 44 does not match its mode.'],
      // The spec's "max blocks per layout 60": 61 code blocks are one too many.
      [
        Array.from({ length: 61 }, () => block(23, { mode: 'html', source: '<p>x</p>' })).join(''),
        'A page may hold at most 60 blocks.',
      ],
      [block(9, { mode: 'html', source: 'x' }), 'Block type 9 is not one the editor makes.'],
      [
        '<div data-block-type="23" data-block="{not json">x</div>',
        'A block’s data could not be read. Remove the block and add it again.',
      ],
    ]
    for (const [body, message] of cases) {
      const refused = await saveBody(admin, body)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({ message, field: 'body' })
    }
    const tooMany = Array.from({ length: 201 + 1 }, (_, i) => [`Row ${i}`, String(i)])
    const rows = await saveBody(
      admin,
      block(62, { chart: 'bar', title: '', xLabel: '', yLabel: '', rows: [['M', 'S'], ...tooMany] }),
    )
    expect(rows.status).toBe(400)
    const sixty = Array.from({ length: 60 }, () => block(23, { mode: 'html', source: '<p>x</p>' })).join('')
    expect((await saveBody(admin, sixty)).status).toBe(200)
  })

  it('Should publish a chart the live page shows as SVG with its table and no script', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const before = await (await visit(JOURNAL, POST_PATH)).text()
    const scripts = before.match(/<script/g)?.length ?? 0
    await savedBody(
      await saveBody(
        admin,
        `<p>Intro</p>${block(62, { chart: 'line', title: 'Tide height', xLabel: 'Hour', yLabel: 'Metres', rows: SALES })}`,
      ),
    )
    expect((await admin.call('/config/api/publish', { body: {} })).status).toBe(200)
    const page = await (await visit(JOURNAL, POST_PATH)).text()
    expect(page).toContain('<figcaption class="chart-title">Tide height</figcaption>')
    expect(page).toMatch(
      /<svg class="chart-svg chart-line" role="img"[^>]*><title id="chart-[0-9a-f]{8}-0-t">Tide height<\/title><desc/,
    )
    expect(page).toContain('<polyline class="chart-mark chart-line chart-s0"')
    expect(page).toContain('<caption class="visually-hidden">Tide height</caption>')
    expect(page.match(/<script/g)?.length ?? 0).toBe(scripts)
    // The block's markup carries no inline style (the page's own header may: the cart pill's).
    const chart = page.slice(page.indexOf('<div class="block block-chart"'), page.indexOf('</figure>'))
    expect(chart).toContain('<svg class="chart-svg')
    expect(chart).not.toContain('style="')
  })
})

describe('The block preview', () => {
  it('Should render a block as a save stores it for editors, 400 on bad data, 403 for a viewer', async () => {
    const admin = await signInEditor(JOURNAL, 'admin@journal.example')
    const ok = await admin.call('/config/api/blocks/render', {
      body: { type: 44, data: { mode: 'markdown', source: '*hi*' } },
    })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({
      html: '<div class="block block-markdown" data-block-type="44" data-block="{&quot;mode&quot;:&quot;markdown&quot;,&quot;source&quot;:&quot;*hi*&quot;}"><p><em>hi</em></p>\n</div>',
    })
    const bad = await admin.call('/config/api/blocks/render', {
      body: { type: 62, data: { chart: 'bar', rows: [] } },
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ message: 'Your dataset must have at least one column' })
    const viewer = await signInEditor(JOURNAL, 'viewer@journal.example')
    const refused = await viewer.call('/config/api/blocks/render', {
      body: { type: 23, data: { mode: 'source', source: 'x' } },
    })
    expect(refused.status).toBe(403)
  })
})
