import { describe, expect, it } from 'vitest'
import { parseGalleryOptions } from '../../islands/gallery/server'
import { visit } from './helpers'

/** The island marker and its parsed props, from a page's HTML. */
function galleryIsland(html: string): { props: Record<string, unknown>; hydrate: string } | null {
  const match =
    /<sf-island data-island="gallery" data-island-props='([^']*)' data-island-hydrate="(\w+)" data-island-src="\/_islands\/gallery-[A-Z0-9]+\.js">/.exec(
      html,
    )
  if (!match) return null
  // The attribute as a browser reads it: named and numeric character references decoded.
  const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>' }
  // Single-quoted (island-marker.ts): JSON's own quotes stay as they are.
  const json = (match[1] ?? '').replace(/&(#\d+|quot|amp|lt|gt);/g, (_, ref: string) =>
    ref.startsWith('#') ? String.fromCharCode(Number(ref.slice(1))) : (named[ref] ?? ''),
  )
  return { props: JSON.parse(json), hydrate: match[2] ?? '' }
}

function count(html: string, text: string): number {
  return html.split(text).length - 1
}

describe('gallery options', () => {
  it('Should use the platform defaults when the collection sets no options', () => {
    expect(parseGalleryOptions(undefined)).toEqual({
      design: 'grid',
      autoplay: false,
      autoplayDuration: 5,
      thumbnails: false,
      thumbnailStripHeight: 80,
      thumbnailStripMargin: 20,
      thumbnailsPerRow: 4,
      padding: 20,
      aspectRatio: 'square',
      autoCrop: true,
      activeAlignment: 'center',
      lightbox: false,
      lightboxTheme: 'dark',
    })
  })

  it('Should clamp the autoplay duration to 1 to 10 seconds', () => {
    expect(parseGalleryOptions({ 'autoplay-duration': 0 }).autoplayDuration).toBe(1)
    expect(parseGalleryOptions({ 'autoplay-duration': 12 }).autoplayDuration).toBe(10)
    expect(parseGalleryOptions({ 'autoplay-duration': '7' }).autoplayDuration).toBe(7)
    expect(parseGalleryOptions({ 'autoplay-duration': 'soon' }).autoplayDuration).toBe(5)
  })

  it('Should clamp the thumbnail strip and grid numbers to their ranges', () => {
    const options = parseGalleryOptions({
      'thumbnail-strip-height': 500,
      'thumbnail-strip-margin': -4,
      'thumbnails-per-row': 11,
      padding: 51,
    })
    expect(options.thumbnailStripHeight).toBe(200)
    expect(options.thumbnailStripMargin).toBe(0)
    expect(options.thumbnailsPerRow).toBe(10)
    expect(options.padding).toBe(50)
  })

  it('Should fall back to the default for an unknown design, aspect ratio or lightbox theme', () => {
    const options = parseGalleryOptions({ design: 'mosaic', 'aspect-ratio': 'tall', lightboxTheme: 'sepia' })
    expect(options.design).toBe('grid')
    expect(options.aspectRatio).toBe('square')
    expect(options.lightboxTheme).toBe('dark')
  })

  it('Should read booleans stored as text', () => {
    const options = parseGalleryOptions({ autoplay: 'true', thumbnails: 'false', lightbox: 1 })
    expect(options.autoplay).toBe(true)
    expect(options.thumbnails).toBe(false)
    expect(options.lightbox).toBe(true)
  })
})

describe('gallery markup', () => {
  it('Should render a slideshow gallery page as an island with one slide per image', async () => {
    const response = await visit('gallery.localhost', '/slideshow')
    expect(response.status).toBe(200)
    const html = await response.text()
    const island = galleryIsland(html)
    expect(island?.hydrate).toBe('visible')
    expect(island?.props).toMatchObject({
      design: 'slideshow',
      autoplay: true,
      autoplayDuration: 3,
      thumbnails: true,
      thumbnailStripHeight: 90,
      thumbnailStripMargin: 60,
      ratio: '4/3',
      lightbox: true,
      lightboxTheme: 'light',
    })
    expect(count(html, 'aria-roledescription="slide"')).toBe(4)
    expect(count(html, 'class="sf-gallery-thumb"')).toBe(4)
    expect(html).toContain('aria-label="1 of 4"')
    expect(html).toContain('width="1200" height="1500"')
    expect(html).toContain('<script type="module"')
  })

  it("Should render the Field Journal's slideshow gallery page as an island", async () => {
    const response = await visit('journal.localhost', '/gallery')
    expect(response.status).toBe(200)
    const html = await response.text()
    const island = galleryIsland(html)
    expect(island?.props).toMatchObject({
      design: 'slideshow',
      autoplay: true,
      ratio: '16/9',
      lightboxTheme: 'dark',
    })
    expect(count(html, 'aria-roledescription="slide"')).toBe(8)
    // Each slide's image is written once, in the markup: the props leave the slides out.
    expect(island?.props.slides).toBeUndefined()
  })

  it('Should offer thumbnails only the widths an 80 px image can use (up to 500w), slides every width', async () => {
    const html = await (await visit('aurora.localhost', '/apparel/ridgeline-flannel-shirt')).text()
    const thumb =
      /<button type="button" class="sf-gallery-thumb"[^>]*><img [^>]*srcSet="([^"]*)" sizes="80px"/.exec(
        html,
      )?.[1]
    expect(thumb).toBe(
      '/demo/aurora/ridgeline-flannel-shirt.svg?format=100w 100w, /demo/aurora/ridgeline-flannel-shirt.svg?format=300w 300w, /demo/aurora/ridgeline-flannel-shirt.svg?format=500w 500w',
    )
    const slide = /<div class="sf-gallery-frame"><picture><img [^>]*srcSet="([^"]*)"/.exec(html)?.[1]
    expect(slide).toContain(
      '/demo/aurora/ridgeline-flannel-shirt.svg?format=1000w 1000w, /demo/aurora/ridgeline-flannel-shirt.svg 1200w',
    )
  })

  it('Should escape the alt text a merchant wrote', async () => {
    const html = await (await visit('gallery.localhost', '/slideshow')).text()
    expect(html).toContain('alt="Tee &lt;b&gt;&quot;blue&quot;&lt;/b&gt; &amp; co"')
    expect(html).not.toContain('<b>"blue"')
  })

  it('Should clamp a slider duration of 12 to 10 seconds and ignore an unknown aspect ratio', async () => {
    const html = await (await visit('gallery.localhost', '/slider')).text()
    const island = galleryIsland(html)
    expect(island?.props).toMatchObject({
      design: 'slider',
      autoplay: false,
      autoplayDuration: 10,
      ratio: '1',
    })
    expect(count(html, 'aria-roledescription="slide"')).toBe(3)
  })

  it('Should render an unknown design as a static grid with no island and no island script', async () => {
    const html = await (await visit('gallery.localhost', '/grid')).text()
    expect(html).toContain('data-design="grid"')
    expect(count(html, 'class="sf-gallery-cell"')).toBe(3)
    expect(count(html, 'command="show-modal"')).toBe(3)
    // Grid cells at their share of the row (three per row), lightbox figures at the screen's width.
    expect(count(html, 'sizes="(max-width: 640px) 100vw, 34vw"')).toBe(3)
    expect(count(html, 'sizes="100vw"')).toBe(3)
    expect(html).not.toContain('<sf-island')
    // Only the tracking script (render/tracking.ts), never the island runtime.
    expect(html).not.toMatch(/<script type="module" src="\/_islands\/runtime-/)
  })

  it('Should render a product with several images as a slideshow that hydrates on the first interaction', async () => {
    const html = await (await visit('aurora.localhost', '/apparel/trailhead-long-sleeve-tee')).text()
    const island = galleryIsland(html)
    expect(island?.hydrate).toBe('interaction')
    expect(island?.props).toMatchObject({ design: 'slideshow', thumbnails: true, priority: true })
    expect(island?.props.slides).toBeUndefined()
    expect(count(html, 'aria-roledescription="slide"')).toBe(3)
    expect(html).toMatch(/<img src="\/demo\/aurora\/trailhead-long-sleeve-tee.svg"[^>]* fetchPriority="high"/)
    // Each slide and thumbnail offers the stored widths below the original (1200 px wide), so a
    // phone picks a small one; the props do not repeat them (both sides compute them).
    expect(html).toMatch(
      /<img src="\/demo\/aurora\/trailhead-long-sleeve-tee.svg" srcSet="\/demo\/aurora\/trailhead-long-sleeve-tee.svg\?format=100w 100w, [^"]*\?format=1000w 1000w, \/demo\/aurora\/trailhead-long-sleeve-tee.svg 1200w" sizes="\(max-width: 991px\) 100vw, 60vw"/,
    )
    expect(count(html, 'sizes="80px"')).toBe(3)
    expect(JSON.stringify(island?.props)).not.toContain('format=')
    // Nothing but the island's own markup inside the marker (no preload link React could hoist).
    expect(html).toMatch(/data-island-hydrate="interaction"[^>]*><section class="sf-gallery"/)
  })

  it('Should print a single-image product as just its image, with no gallery island', async () => {
    const html = await (await visit('aurora.localhost', '/footwear/round-boot-laces')).text()
    expect(html).toMatch(
      /<img src="\/demo\/aurora\/[a-z-]+\.svg" srcset="[^"]*\?format=500w 500w,[^"]*" sizes="\(max-width: 991px\) 100vw, 60vw"[^>]* class="product-main-image"/,
    )
    expect(html).not.toContain('data-island="gallery"')
    expect(html.slice(html.indexOf('<main'))).not.toContain('class="sf-gallery')
  })
})
