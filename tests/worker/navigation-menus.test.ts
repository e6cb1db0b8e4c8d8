// The header and footer navigation as a shopper's page prints them (issue 22): a folder is a
// no-script disclosure in the header, its links indented in the phone menu, the footer shows its
// own links, every title and URL escaped; a site without folders or footer links prints as before.
import { env } from 'cloudflare:workers'
import { afterAll, describe, expect, it } from 'vitest'
import { siteSchema } from '../../worker/catalogue/records'
import { visit } from './helpers'

const HOST = 'journal.localhost'
let seeded: string | null = null
let version = 0

/** Stores journal with these menus, under a new content version. */
async function configure(change: (site: Record<string, unknown>) => void): Promise<void> {
  seeded ??= await env.CATALOG.get('site:journal')
  const site = JSON.parse(seeded ?? '{}')
  change(site)
  await env.CATALOG.put('site:journal', JSON.stringify(site))
  await env.CATALOG.put('site:journal:version', `menus-${++version}`)
}

async function page(path = '/'): Promise<string> {
  const response = await visit(HOST, path)
  expect(response.status, path).toBe(200)
  return response.text()
}

function region(html: string, className: string): string {
  return new RegExp(`<nav class="${className}"[\\s\\S]*?</nav>`).exec(html)?.[0] ?? ''
}

afterAll(async () => {
  if (seeded !== null) await env.CATALOG.put('site:journal', seeded)
})

describe('header and footer navigation', () => {
  it('Should print a site without folders or footer links as before: plain links, the footer repeating the header', async () => {
    const html = await page('/events')
    expect(region(html, 'site-navigation')).toContain(
      '<ul><li><a href="/">Home</a></li><li><a href="/field-notes">Field Notes</a></li><li><a href="/events" aria-current="page">Events</a></li>',
    )
    expect(html).not.toContain('<details class="nav-folder"')
    expect(region(html, 'footer-navigation')).toContain(
      '<ul><li><a href="/">Home</a></li><li><a href="/field-notes">Field Notes</a></li><li><a href="/events">Events</a></li>',
    )
  })

  it('Should show a folder as a disclosure in the header, its own page first, and its links indented in the phone menu', async () => {
    await configure((site) => {
      site.navigation = [
        { title: 'Home', url: '/' },
        {
          title: 'Explore',
          url: '/gallery',
          children: [
            { title: 'Events', url: '/events' },
            { title: 'Notes', url: '/field-notes' },
          ],
        },
        { title: 'More', children: [{ title: 'Contact', url: '/contact' }] },
      ]
    })
    const html = await page('/events')
    const header = region(html, 'site-navigation')
    expect(header).toContain(
      '<li><details class="nav-folder" name="nav-folder"><summary>Explore</summary><ul><li><a href="/gallery">Explore</a></li><li><a href="/events" aria-current="page">Events</a></li><li><a href="/field-notes">Notes</a></li></ul></details></li>',
    )
    expect(header).toContain(
      '<li><details class="nav-folder" name="nav-folder"><summary>More</summary><ul><li><a href="/contact">Contact</a></li></ul></details></li>',
    )
    const menu = region(html, 'site-menu-panel')
    expect(menu).toContain(
      '<li><a href="/gallery">Explore</a><ul class="nav-folder-links"><li><a href="/events" aria-current="page">Events</a></li><li><a href="/field-notes">Notes</a></li></ul></li>',
    )
    expect(menu).toContain(
      '<li><span class="nav-folder-title">More</span><ul class="nav-folder-links"><li><a href="/contact">Contact</a></li></ul></li>',
    )
  })

  it('Should show the footer’s own links, folders included, in place of the header’s', async () => {
    await configure((site) => {
      site.footerNavigation = [
        { title: 'Privacy', url: '/privacy' },
        { title: 'Write to us', children: [{ title: 'Email', url: 'mailto:hello@example.com' }] },
      ]
    })
    const footer = region(await page('/'), 'footer-navigation')
    expect(footer).toBe(
      '<nav class="footer-navigation" aria-label="Footer"><ul><li><a href="/privacy">Privacy</a></li><li><span class="nav-folder-title">Write to us</span><ul class="nav-folder-links"><li><a href="mailto:hello@example.com">Email</a></li></ul></li></ul></nav>',
    )
  })

  it('Should escape titles and URLs of folders and their links', async () => {
    await configure((site) => {
      site.navigation = [
        {
          title: '<b>Tea & "Cakes"</b>',
          children: [{ title: '<img src=x onerror=alert(1)>', url: '/a?x=1&z=2' }],
        },
      ]
      site.footerNavigation = [{ title: '<script>x</script>', url: '/f?q=1&r=2' }]
    })
    const html = await page('/')
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<script>x</script>')
    expect(html).toContain('<summary>&lt;b&gt;Tea &amp; "Cakes"&lt;/b&gt;</summary>')
    expect(html).toContain('<a href="/a?x=1&amp;z=2">&lt;img src=x onerror=alert(1)&gt;</a>')
    expect(html).toContain('<a href="/f?q=1&amp;r=2">&lt;script&gt;x&lt;/script&gt;</a>')
  })
})

describe('navigation records', () => {
  const base = () => JSON.parse(seeded ?? '{}')

  it('Should refuse a folder inside a folder, a link without a URL, and a 61st link across both menus', async () => {
    seeded ??= await env.CATALOG.get('site:journal')
    const nested = base()
    nested.navigation = [
      { title: 'A', children: [{ title: 'B', url: '/b', children: [{ title: 'C', url: '/c' }] }] },
    ]
    // A child's `children` is not one of its fields: dropped, never rendered as a second level.
    const parsed = siteSchema.safeParse(nested)
    expect(parsed.success).toBe(true)
    expect(parsed.data?.navigation[0]?.children?.[0]).toEqual({ title: 'B', url: '/b' })

    const noUrl = base()
    noUrl.navigation = [{ title: 'Nowhere' }]
    expect(siteSchema.safeParse(noUrl).error?.issues[0]?.path).toEqual(['navigation', 0, 'url'])

    const many = base()
    many.navigation = [
      {
        title: 'Folder',
        children: Array.from({ length: 29 }, (_, i) => ({ title: `H${i}`, url: `/h${i}` })),
      },
    ]
    many.footerNavigation = Array.from({ length: 30 }, (_, i) => ({ title: `F${i}`, url: `/f${i}` }))
    expect(siteSchema.safeParse(many).success).toBe(true)
    many.footerNavigation.push({ title: 'One more', url: '/x' })
    const refused = siteSchema.safeParse(many)
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toContain('at most 60 links')
  })
})
