import { describe, expect, it } from 'vitest'
import { resolveGalleryOptions, slideOf, staticGalleryMarkup } from '../../islands/gallery/server'
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
    expect(resolveGalleryOptions(undefined)).toEqual({
      design: 'grid',
      autoplay: false,
      autoplayDuration: 5,
      controls: false,
      thumbnails: false,
      thumbnailStripHeight: 0,
      thumbnailStripMargin: 0,
      squareThumbs: true,
      thumbnailsPerRow: 4,
      padding: 20,
      maxWidth: 300,
      aspectRatio: 'square',
      autoCrop: true,
      activeAlignment: 'center',
      meta: { mode: 'none', titleOnly: false, position: 'bottom', onHover: false },
      lightbox: false,
      lightboxTheme: 'dark',
      newWindow: false,
      transparentBackground: false,
    })
  })

  it('Should clamp the autoplay duration to 1 to 10 seconds', () => {
    const duration = (value: unknown) =>
      resolveGalleryOptions({ design: 'slideshow', autoplay: true, 'autoplay-duration': value })
        .autoplayDuration
    expect(duration(0)).toBe(1)
    expect(duration(12)).toBe(10)
    expect(duration('7')).toBe(7)
    expect(duration('soon')).toBe(5)
  })

  it('Should clamp the thumbnail strip and grid numbers to their ranges', () => {
    const options = resolveGalleryOptions({
      design: 'grid',
      'max-width': 40,
      'thumbnail-strip-height': 500,
      'thumbnail-strip-margin': -4,
      'thumbnails-per-row': 11,
      padding: 51,
    })
    expect(options.thumbnailsPerRow).toBe(10)
    expect(options.padding).toBe(50)
    expect(options.maxWidth).toBe(100)
    expect(resolveGalleryOptions({ design: 'grid', 'max-width': '999' }).maxWidth).toBe(300)
    const strip = resolveGalleryOptions({
      design: 'slideshow',
      thumbnails: true,
      'thumbnail-strip-height': 500,
      'thumbnail-strip-margin': -4,
    })
    expect(strip.thumbnailStripHeight).toBe(200)
    expect(strip.thumbnailStripMargin).toBe(0)
  })

  it('Should fall back to the default for an unknown design, aspect ratio or lightbox theme', () => {
    const options = resolveGalleryOptions({
      design: 'mosaic',
      'aspect-ratio': 'tall',
      lightboxTheme: 'sepia',
    })
    expect(options.design).toBe('grid')
    expect(options.aspectRatio).toBe('square')
    expect(options.lightboxTheme).toBe('dark')
  })

  it('Should read booleans stored as text', () => {
    const options = resolveGalleryOptions({
      design: 'slider',
      autoplay: 'true',
      thumbnails: 'false',
      lightbox: 1,
    })
    expect(options.autoplay).toBe(true)
    expect(options.thumbnails).toBe(false)
    expect(options.lightbox).toBe(true)
  })
})

/** Every one of the 23 options set, as the demo's Tide pool galleries have them. */
const EVERY_OPTION = {
  design: 'grid',
  autoplay: true,
  'autoplay-duration': 4,
  controls: false,
  'auto-crop': false,
  'aspect-ratio': 'four-three',
  'square-thumbs': false,
  thumbnails: true,
  'thumbnail-strip-height': 60,
  'thumbnail-strip-margin': 10,
  'show-meta-basic': true,
  'show-meta': true,
  'show-meta-only-title': true,
  'meta-position': 'top-right',
  'show-meta-on-hover': true,
  'active-alignment': 'left',
  'thumbnails-per-row': 3,
  padding: 8,
  lightbox: false,
  lightboxTheme: 'light',
  'max-width': 260,
  newWindow: true,
  transparentBackground: true,
}

describe('gallery option conditions (islands/gallery/README.md)', () => {
  it('Should apply to a grid only what a grid shows', () => {
    const o = resolveGalleryOptions(EVERY_OPTION)
    expect(o).toMatchObject({
      autoplay: false,
      controls: false,
      thumbnails: false,
      squareThumbs: true,
      activeAlignment: 'center',
      thumbnailsPerRow: 3,
      padding: 8,
      maxWidth: 260,
      aspectRatio: 'four-three',
      autoCrop: false,
      // show-meta wins over show-meta-basic where both could apply.
      meta: { mode: 'overlay', titleOnly: true, position: 'top-right', onHover: true },
      newWindow: true,
      transparentBackground: true,
    })
  })

  it('Should apply to a slideshow its own options and none of the grid', () => {
    const o = resolveGalleryOptions({ ...EVERY_OPTION, design: 'slideshow' })
    expect(o).toMatchObject({
      autoplay: true,
      autoplayDuration: 4,
      controls: false,
      thumbnails: true,
      thumbnailStripHeight: 60,
      thumbnailStripMargin: 10,
      squareThumbs: false,
      activeAlignment: 'center',
      thumbnailsPerRow: 1,
      padding: 0,
      maxWidth: 300,
      meta: { mode: 'overlay', position: 'top-right', onHover: true },
    })
  })

  it('Should keep the arrows when no thumbnail strip offers another way to an image', () => {
    const noStrip = { design: 'slider', controls: false, thumbnails: true, 'thumbnail-strip-height': 0 }
    expect(resolveGalleryOptions(noStrip)).toMatchObject({
      controls: true,
      thumbnails: false,
      squareThumbs: true,
    })
    expect(resolveGalleryOptions({ ...noStrip, 'thumbnail-strip-height': 40 }).controls).toBe(false)
    expect(resolveGalleryOptions({ design: 'slider', 'active-alignment': 'left', padding: 4 })).toMatchObject(
      {
        activeAlignment: 'left',
        padding: 4,
      },
    )
  })

  it('Should caption a stacked gallery under its images and never crop or frame it', () => {
    const o = resolveGalleryOptions({ ...EVERY_OPTION, design: 'stacked' })
    expect(o).toMatchObject({
      meta: { mode: 'caption', titleOnly: true, position: 'bottom', onHover: false },
      aspectRatio: 'square',
      autoCrop: true,
      transparentBackground: false,
      padding: 8,
      thumbnailsPerRow: 1,
    })
    expect(resolveGalleryOptions({ design: 'stacked', 'show-meta-only-title': true }).meta.titleOnly).toBe(
      false,
    )
  })

  it('Should open image links in a new window only without a lightbox, and theme only a lightbox', () => {
    expect(resolveGalleryOptions({ ...EVERY_OPTION, lightbox: true })).toMatchObject({
      newWindow: false,
      lightbox: true,
      lightboxTheme: 'light',
    })
    expect(resolveGalleryOptions({ lightboxTheme: 'light' }).lightboxTheme).toBe('dark')
  })

  it('Should read each of the seven meta positions, and bottom for an unknown one', () => {
    for (const position of [
      'top',
      'top-left',
      'top-right',
      'center',
      'bottom',
      'bottom-left',
      'bottom-right',
    ])
      expect(resolveGalleryOptions({ 'show-meta': true, 'meta-position': position }).meta.position).toBe(
        position,
      )
    expect(resolveGalleryOptions({ 'show-meta': true, 'meta-position': 'middle' }).meta.position).toBe(
      'bottom',
    )
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

  it('Should ignore an unknown aspect ratio, and a duration (12) without autoplay', async () => {
    const html = await (await visit('gallery.localhost', '/slider')).text()
    const island = galleryIsland(html)
    expect(island?.props).toMatchObject({
      design: 'slider',
      autoplay: false,
      autoplayDuration: 5,
      ratio: '1',
    })
    expect(count(html, 'aria-roledescription="slide"')).toBe(3)
  })

  it('Should render an unknown design as a static grid with no island and no island script', async () => {
    const html = await (await visit('gallery.localhost', '/grid')).text()
    expect(html).toContain('data-design="grid"')
    expect(count(html, 'class="sf-gallery-cell"')).toBe(3)
    expect(count(html, 'command="show-modal"')).toBe(3)
    // Grid cells at their share of the row (three per row, two on a phone), lightbox figures at
    // the screen's width.
    expect(count(html, 'sizes="(max-width: 640px) 50vw, 34vw"')).toBe(3)
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

  it('Should print the every-option grid with its titles over the images, hover, row, width and new-window links', async () => {
    const response = await visit('journal.localhost', '/shorelines')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(
      '<section class="sf-gallery sf-gallery-static" data-design="grid" data-meta="overlay" data-meta-position="top-right" data-meta-hover data-transparent aria-label="Shorelines" style="--sf-ratio:4/3;--sf-per-row:3;--sf-per-row-narrow:2;--sf-padding:8px;--sf-max-width:260px">',
    )
    // Four images have a link (opened in a new window), the fifth is a plain frame.
    expect(count(html, 'target="_blank" rel="noopener"')).toBe(4)
    expect(html).toContain(
      '<a class="sf-gallery-frame" href="https://www.nps.gov/pore/" target="_blank" rel="noopener">',
    )
    expect(count(html, '<div class="sf-gallery-frame">')).toBe(1)
    expect(html).toContain(
      '</a><span class="sf-gallery-meta"><span class="sf-gallery-meta-title">Tide pools at dawn</span><span class="sf-gallery-meta-description">Anemones close as the first light reaches the pools at Duxbury Reef.</span></span></li>',
    )
    expect(html).not.toContain('<dialog')
    expect(html).not.toContain('data-island="gallery"')
  })

  it('Should render the every-option slideshow without arrows, with shaped thumbnails and titles at the bottom left', async () => {
    const html = await (await visit('journal.localhost', '/shorelines-slideshow')).text()
    const island = galleryIsland(html)
    expect(island?.hydrate).toBe('interaction')
    expect(island?.props).toMatchObject({
      design: 'slideshow',
      autoplay: false,
      controls: false,
      thumbnails: true,
      thumbnailStripHeight: 64,
      squareThumbs: false,
      meta: { mode: 'overlay', titleOnly: false, position: 'bottom-left', onHover: false },
      lightbox: true,
      lightboxTheme: 'light',
      newWindow: false,
      transparent: true,
    })
    expect(html).toMatch(
      /<section class="sf-gallery" data-design="slideshow" data-meta="overlay" data-meta-position="bottom-left" data-transparent="" data-square-thumbs="false"/,
    )
    expect(html).not.toContain('sf-gallery-prev')
    expect(count(html, 'class="sf-gallery-meta-title"')).toBe(5)
    expect(count(html, 'class="sf-gallery-meta-description"')).toBe(5)
    // The lightbox's buttons, never links: the clickthrough addresses are not printed.
    expect(html).not.toContain('<a class="sf-gallery-frame"')
    expect(html).not.toContain('https://www.nps.gov/pore/')
  })

  it('Should render the every-option slider with only titles, in the centre, and new-window links', async () => {
    const html = await (await visit('journal.localhost', '/shorelines-slider')).text()
    expect(galleryIsland(html)?.props).toMatchObject({
      design: 'slider',
      controls: true,
      thumbnails: true,
      alignment: 'left',
      padding: 24,
      crop: false,
      meta: { mode: 'overlay', titleOnly: true, position: 'center' },
      newWindow: true,
    })
    expect(html).toContain('--sf-padding:24px')
    expect(count(html, 'class="sf-gallery-meta-title"')).toBe(5)
    expect(html).not.toContain('sf-gallery-meta-description')
    expect(html).toContain('<a class="sf-gallery-frame" href="/events" target="_blank" rel="noopener">')
  })

  it('Should caption the every-option stacked gallery under each image, with a dark lightbox', async () => {
    const html = await (await visit('journal.localhost', '/shorelines-stacked')).text()
    expect(html).toContain('data-design="stacked" data-meta="caption" aria-label="Shorelines, stacked"')
    expect(html).toContain(
      '</button><span class="sf-gallery-meta"><span class="sf-gallery-meta-title">Pillar Point reef</span><span class="sf-gallery-meta-description">',
    )
    expect(count(html, 'class="sf-lightbox" data-theme="dark"')).toBe(5)
    expect(html).toContain('--sf-padding:32px')
  })

  it('Should escape titles and descriptions, and follow no link but a site path or a web address', () => {
    const options = resolveGalleryOptions({ 'show-meta-basic': true })
    const slides = [
      slideOf(
        {
          assetUrl: '/a.svg',
          title: 'A <b>"bold"</b> & co',
          body: '<p>One &lt; two</p>',
          clickthroughUrl: 'javascript:alert(1)',
        },
        { alt: 'a' },
      ),
      slideOf({ assetUrl: '/b.svg', clickthroughUrl: '//evil.example/' }, { alt: 'b', title: 'B' }),
      slideOf(
        { assetUrl: '/c.svg', clickthroughUrl: '/field-notes' },
        { alt: 'c', title: 'C', description: 'See' },
      ),
    ].filter((slide) => slide !== null)
    expect(slides.map((slide) => slide.link)).toEqual(['', '', '/field-notes'])
    const html = staticGalleryMarkup(options, slides, { id: 'g', label: 'G' })
    expect(html).toContain('<span class="sf-gallery-meta-title">A &quot;bold&quot; &amp; co</span>')
    expect(html).not.toContain('javascript:')
    expect(html).toContain('<a class="sf-gallery-frame" href="/field-notes"><img')
  })
})
