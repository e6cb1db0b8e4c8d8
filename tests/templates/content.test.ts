import { describe, expect, it } from 'vitest'
import { GalleryOption, IMAGE_SRCSET_WIDTHS } from '../../shared/enumerations'
import { createEngine } from '../../templates/index'
import {
  colorWeight,
  DARK_LUMINANCE_THRESHOLD,
  hexColorToInt,
  isDarkColor,
  LIGHT_OR_DARK_THRESHOLD,
  luminance,
  namedColorCount,
  parseColor,
  websiteColor,
} from '../../templates/plugins/content/colors'
import { contentFormatters } from '../../templates/plugins/content/formatters'
import { resizedSide, thumbnailForSize } from '../../templates/plugins/content/images'
import { COLOR_TEXT, IMAGE_TEXT } from '../../templates/plugins/content/messages'
import { contentPredicates } from '../../templates/plugins/content/predicates'

const engine = createEngine({ plugins: [contentFormatters, contentPredicates] })
const out = (template: string, data: unknown = {}) => engine.render(template, data).output

const photo = {
  id: 'img-1',
  title: 'Lake at dawn',
  originalSize: '1600x900',
  assetUrl: '/s/lake.jpg',
  mediaFocalPoint: { x: 0.25, y: 0.75 },
}

describe('colour parsing', () => {
  it('reads 3- and 6-digit hex with or without a leading #', () => {
    expect(parseColor('#0f8')).toEqual({ r: 0, g: 255, b: 136, a: 1 })
    expect(parseColor('00ff88')).toEqual({ r: 0, g: 255, b: 136, a: 1 })
    expect(parseColor('#12345')).toBeNull()
  })

  it('reads rgb and rgba, clamping channels to 0-255 and alpha to 0-1', () => {
    expect(parseColor('rgb(300, -4, 12)')).toEqual({ r: 255, g: 0, b: 12, a: 1 })
    expect(parseColor('rgba(1, 2, 3, 7)')).toEqual({ r: 1, g: 2, b: 3, a: 1 })
    expect(parseColor('rgba(1, 2, 3, -1)')).toEqual({ r: 1, g: 2, b: 3, a: 0 })
  })

  it('clamps percentages to 0-100', () => {
    expect(parseColor('rgb(100%, 250%, -3%)')).toEqual({ r: 255, g: 255, b: 0, a: 1 })
    expect(parseColor('hsl(0, 180%, 50%)')).toEqual(parseColor('hsl(0, 100%, 50%)'))
    expect(parseColor('rgba(0, 0, 0, 40%)')?.a).toBeCloseTo(0.4)
  })

  it('reads hsl, hsla and hwb, in comma or space syntax', () => {
    expect(parseColor('hsl(240, 100%, 50%)')).toEqual({ r: 0, g: 0, b: 255, a: 1 })
    expect(parseColor('hsla(120 100% 25% / 0.5)')).toEqual({ r: 0, g: 128, b: 0, a: 0.5 })
    expect(parseColor('hwb(0 0% 0%)')).toEqual({ r: 255, g: 0, b: 0, a: 1 })
    expect(parseColor('hwb(200 70% 30%)')).toEqual({ r: 179, g: 179, b: 179, a: 1 })
  })

  it('knows the CSS named colours and transparent, in any case', () => {
    expect(namedColorCount()).toBe(148)
    expect(parseColor('RebeccaPurple')).toEqual({ r: 102, g: 51, b: 153, a: 1 })
    expect(parseColor('transparent')).toEqual({ r: 0, g: 0, b: 0, a: 0 })
    expect(parseColor('not-a-colour')).toBeNull()
  })

  it('calls a colour dark when its luminance is below 166.4', () => {
    expect(DARK_LUMINANCE_THRESHOLD).toBe(166.4)
    expect(luminance({ r: 166, g: 166, b: 166, a: 1 })).toBe(166)
    expect(isDarkColor({ r: 166, g: 166, b: 166, a: 1 })).toBe(true)
    expect(isDarkColor({ r: 167, g: 167, b: 167, a: 1 })).toBe(false)
    expect(isDarkColor(parseColor('navy') as never)).toBe(true)
  })
})

describe('color-weight', () => {
  it('splits light from dark at 8388607.5, half of 0xffffff', () => {
    expect(LIGHT_OR_DARK_THRESHOLD).toBe(8388607.5)
    expect(hexColorToInt('#7fffff')).toBe(8388607)
    expect(colorWeight('#7fffff')).toBe('dark')
    expect(colorWeight('#800000')).toBe('light')
  })

  it('prints light or dark for hex colours and nothing for other text', () => {
    expect(
      out('{a|color-weight} {b|color-weight} [{c|color-weight}]', { a: '#eee', b: '333', c: 'red' }),
    ).toBe('light dark []')
  })
})

describe('website-color', () => {
  it('writes hsl() and hsla() with percentages rounded to two places', () => {
    expect(out('{c|website-color}', { c: { hue: 12, saturation: 0.5, lightness: 0.25 } })).toBe(
      'hsl(12, 50%, 25%)',
    )
    expect(websiteColor(10.456, 0.12345, 1, 0.333)).toBe('hsla(10.46, 12.35%, 100%, 0.33)')
  })

  it('says which parts are out of bounds, all at once', () => {
    expect(websiteColor(361, 2, -1, 1.5)).toBe(
      'Hue out of bounds. Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.',
    )
    expect(websiteColor(-1, 0, 0, null)).toBe(COLOR_TEXT.hueOutOfBounds)
  })

  it("says 'Missing an H/S/L value.' when hue, saturation or lightness is absent", () => {
    expect(out('{c|website-color}', { c: { hue: 1, saturation: 0.5 } })).toBe('Missing an H/S/L value.')
  })
})

describe('image formatters', () => {
  it('writes a lazy image with a noscript fallback and the thumb-image class by default', () => {
    expect(out('{p|image}', { p: photo })).toBe(
      '<noscript><img src="/s/lake.jpg" alt="Lake at dawn" /></noscript><img class="thumb-image" ' +
        'data-src="/s/lake.jpg" data-image="/s/lake.jpg" data-image-dimensions="1600x900" ' +
        'data-image-focal-point="0.25,0.75" alt="Lake at dawn" data-load="false" data-image-id="img-1" data-type="image" />',
    )
  })

  it('escapes the alt text, uses the centre as the default focal point and ends with a space for more attributes', () => {
    const img = { ...photo, title: 'Tom & "Jerry" <3', mediaFocalPoint: undefined }
    expect(out('{p|image-meta}', { p: img })).toBe(
      'data-src="/s/lake.jpg" data-image="/s/lake.jpg" data-image-dimensions="1600x900" ' +
        'data-image-focal-point="0.5,0.5" alt="Tom &amp; &quot;Jerry&quot; &lt;3" ',
    )
  })

  it('takes alt text from the body without markup when there is no title, cut at 250 characters', () => {
    const img = { ...photo, title: '', body: `<p>${'word '.repeat(80)}</p>` }
    const alt = /alt="([^"]*)"/.exec(out('{p|image-meta}', { p: img }))?.[1] ?? ''
    expect(alt.length).toBe(250)
    expect(alt.startsWith(' word word')).toBe(true)
  })

  it('uses the item alt text inside an image block even when it is empty', () => {
    expect(out('{p|image-meta}', { p: { ...photo, altText: '' }, blockType: 5 })).toContain('alt=""')
  })

  it('reads child and cover images, and prints nothing for a missing image', () => {
    expect(out('{@|child-image-meta 1}', { items: [{}, photo] })).toContain('alt="Lake at dawn"')
    expect(out('{@|cover-image-meta}', { coverImage: photo })).toContain('data-image-dimensions="1600x900"')
    expect(out('[{nothing|image-meta}]')).toBe('[]')
  })

  it('lists the srcset widths and offers the original as the next platform width up', () => {
    expect(IMAGE_SRCSET_WIDTHS.map((w) => `${w}w`).join(',')).toBe('100w,300w,500w,750w,1000w,1500w,2500w')
    const img = { assetUrl: '/a.jpg', systemDataVariants: '900x600,100w,300w,500w' }
    expect(out('<img{p|image-srcset}>', { p: img })).toBe(
      '<img srcset="/a.jpg?format=100w 100w,/a.jpg?format=300w 300w,/a.jpg?format=500w 500w,/a.jpg?format=original 750w">',
    )
    expect(out('[{p|image-srcset}]', { p: { assetUrl: '/a.jpg', systemDataVariants: '' } })).toBe('[]')
  })

  it("prints an image's average colours, or '\"{side}\" not found.' for an unknown side", () => {
    const p = { colorData: { topLeftAverage: 'aa0000', centerAverage: '00bb00' } }
    expect(out('{p|image-color topLeft}|{p|image-color center background-color}', { p })).toBe(
      '#aa0000|background-color: #00bb00',
    )
    expect(out('{p|image-color middle}', { p })).toBe('"middle" not found.')
    expect(IMAGE_TEXT.sideNotFound('bottomRight')).toBe('"bottomRight" not found.')
  })
})

describe('image sizes', () => {
  it('reads width and height from WIDTHxHEIGHT', () => {
    expect(out('{s|width} {s|height}', { s: '640x480' })).toBe('640 480')
  })

  it('scales one side for the other and truncates', () => {
    expect(out('{s|resizedHeightForWidth 100} {s|resizedWidthForHeight 100}', { s: '300x200' })).toBe(
      '66 150',
    )
  })

  it('answers "Invalid source parameter. Pass in \'originalSize\'" for a size that is not WIDTHxHEIGHT', () => {
    expect(out('{s|resizedHeightForWidth 100}', { s: '300' })).toBe(
      "Invalid source parameter. Pass in 'originalSize'",
    )
    expect(resizedSide('1x2x3', 'width', 5)).toBe(IMAGE_TEXT.invalidOriginalSize)
  })

  it('picks the thumbnail width strictly over each threshold', () => {
    const cases: [number, string][] = [
      [1001, '1500w'],
      [1000, '1000w'],
      [751, '1000w'],
      [750, '750w'],
      [501, '750w'],
      [500, '500w'],
      [301, '500w'],
      [300, '300w'],
      [101, '300w'],
      [100, '100w'],
      [0, '100w'],
    ]
    for (const [px, width] of cases) expect(thumbnailForSize(px)).toBe(width)
    expect(
      out('{s|squarespaceThumbnailForWidth 640} {s|squarespaceThumbnailForHeight 400}', { s: '1600x900' }),
    ).toBe('750w 750w')
  })
})

describe('other content formatters', () => {
  it('makes an absolute URL under base-url', () => {
    expect(out('{p|AbsUrl}', { 'base-url': 'https://shop.example', p: 'about' })).toBe(
      'https://shop.example/about',
    )
  })

  it('capitalizes the whole text and humanizes milliseconds as m:ss', () => {
    expect(out('{t|capitalize} {d|humanizeDuration}', { t: 'tea time', d: 61_000 })).toBe('TEA TIME 1:01')
  })

  it('writes the audio player for an item', () => {
    const item = { id: 'a1', structuredContent: { audioAssetUrl: '/song.mp3' } }
    expect(out('{item|audio-player}', { item })).toContain(
      'data-audio-asset-url="/song.mp3" data-item-id="a1" id="audio-player-a1"',
    )
  })

  it('escapes the embed HTML of a video and shows a no-thumb overlay without an image', () => {
    const v = { oembed: { html: '<iframe src="x"></iframe>', providerName: 'vimeo' }, overlay: true }
    expect(out('{v|video}', { v })).toBe(
      '<div class="sqs-video-wrapper" data-html="&lt;iframe src=&quot;x&quot;&gt;&lt;/iframe&gt;" ' +
        'data-provider-name="vimeo"><div class="sqs-video-overlay no-thumb" style="opacity: 0;">' +
        '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div></div>',
    )
  })

  it('builds item classes from promotion, categories, tags, author, type and position', () => {
    const data = {
      posts: [
        {
          promotedBlockType: 'video',
          categories: ['Hot Drinks'],
          tags: ['new!'],
          author: { displayName: 'Ann Lee' },
          recordTypeLabel: 'text',
          starred: true,
        },
      ],
    }
    expect(out('{.repeated section posts}{@|item-classes}{.end}', data)).toBe(
      'hentry promoted promoted-block-video category-hot-drinks tag-new author-ann-lee post-type-text article-index-1 featured',
    )
  })

  it('adds on-sale and sold-out classes to store items', () => {
    const item = {
      recordType: 11,
      recordTypeLabel: 'store-item',
      structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] },
    }
    expect(out('{@|item-classes}', item)).toBe('hentry post-type-store-item on-sale sold-out')
  })
})

describe('content predicates', () => {
  const test = (predicate: string, data: unknown) =>
    out(`{.section x}{.${predicate}}yes{.or}no{.end}{.end}`, { x: data })

  it('tests record types by name, with the promoted kinds also matching a promoted block', () => {
    expect(test('store-item?', { recordType: 11 })).toBe('yes')
    expect(test('event?', { recordType: 11 })).toBe('no')
    expect(test('video?', { promotedBlockType: 'video' })).toBe('yes')
    expect(test('external-video?', { recordType: 8 })).toBe('yes')
    expect(test('undefined?', { recordType: -1 })).toBe('yes')
  })

  it('tests promoted block types and background sources', () => {
    expect(test('promotedMAP?', { promotedBlockType: 'map' })).toBe('yes')
    expect(test('promotedFORM?', { promotedBlockType: 'map' })).toBe('no')
    expect(test('background-source-video?', { backgroundSource: 3 })).toBe('yes')
  })

  it('has a predicate for every gallery design, meta position and alignment value', () => {
    for (const v of GalleryOption.design.values)
      expect(test(`gallery-design-${v}?`, { options: { design: v } })).toBe('yes')
    for (const v of GalleryOption.metaPosition.values)
      expect(test(`gallery-meta-position-${v}?`, { options: { 'meta-position': v } })).toBe('yes')
    for (const v of GalleryOption.activeAlignment.values)
      expect(test(`gallery-active-alignment-${v}?`, { options: { 'active-alignment': v } })).toBe('yes')
  })

  it('does not apply the gallery defaults: an option holds only when it is set', () => {
    expect(GalleryOption.design.default).toBe('grid')
    expect(GalleryOption.autoCrop.default).toBe(true)
    expect(test('gallery-design-grid?', { options: {} })).toBe('no')
    expect(test('gallery-auto-crop?', { options: {} })).toBe('no')
    expect(test('gallery-auto-crop?', { options: { 'auto-crop': true } })).toBe('yes')
    expect(test('gallery-meta?', { options: { indicators: true } })).toBe('yes')
  })

  it('sees an excerpt only when text is left after stripping markup and whitespace', () => {
    expect(test('excerpt?', { excerpt: { html: '<p> \u00a0\u200b</p>' } })).toBe('no')
    expect(test('excerpt?', { excerpt: { html: '<p>Hi</p>' } })).toBe('yes')
    expect(test('excerpt?', { excerpt: '  plain  ' })).toBe('yes')
    expect(test('excerpt?', { excerpt: 42 })).toBe('no')
  })

  it('follows folder behaviour for clickable, index and redirect', () => {
    expect(test('clickable?', { title: 'no behaviour set' })).toBe('yes')
    expect(test('clickable?', { folderBehavior: 3 })).toBe('no')
    expect(test('redirect?', { folderBehavior: 2 })).toBe('yes')
    expect(test('index?', { collection: { folder: true, folderBehavior: 1 } })).toBe('yes')
    expect(test('index?', { collection: { folder: true, folderBehavior: 2 } })).toBe('no')
    expect(test('folder?', { collection: { folder: true } })).toBe('yes')
  })

  it('tests images, locations, pass-through links and collection page types', () => {
    expect(test('main-image?', { systemDataId: 'x' })).toBe('yes')
    expect(test('child-images?', { items: [{ mainImageId: 'x' }] })).toBe('yes')
    expect(test('location?', { location: { mapLat: 1 } })).toBe('no')
    expect(test('passthrough?', { passthrough: true, sourceUrl: 'https://x' })).toBe('yes')
    expect(test('passthrough?', { passthrough: true })).toBe('no')
    expect(test('collection-page?', { collection: { type: 10 } })).toBe('yes')
    expect(test('collection-template-page?', { type: 7 })).toBe('yes')
    expect(test('current-type? gallery', { currentType: 5 })).toBe('yes')
  })

  it('tests past events, the calendar view and the email service name', () => {
    expect(test('show-past-events?', { showPastOrUpcomingEvents: 'past' })).toBe('yes')
    expect(test('show-past-events?', { showPastOrUpcomingEvents: 'upcoming' })).toBe('no')
    expect(test('calendar-view?', { calendarView: true })).toBe('yes')
    expect(test('serviceNameEmail?', { serviceName: 'email' })).toBe('yes')
  })
})
