import { describe, expect, it } from 'vitest'
import { createEngine, type RenderOptions } from '../../templates/index'
import { datesPlugin } from '../../templates/plugins/dates/formatters'
import { julianDayOutOfRange } from '../../templates/plugins/dates/words'
import { resolveZone, timezoneOffsetMinutes } from '../../templates/plugins/dates/zones'

const engine = createEngine({ plugins: [datesPlugin] })
const render = (template: string, data: unknown = {}, options?: RenderOptions) =>
  engine.render(template, data, options)
const out = (template: string, data: unknown = {}, options?: RenderOptions) =>
  render(template, data, options).output

// 2021-02-17T21:26:05.345Z
const T = 1613597165345

describe('date formatter', () => {
  it('formats strftime patterns in the website time zone', () => {
    expect(out('{t|date %Y-%m-%d %H:%M:%S %Z}', { t: T, website: { timeZone: 'Asia/Tokyo' } })).toBe(
      '2021-02-18 06:26:05 JST',
    )
    expect(out('{t|date %c}', { t: T })).toBe('Wed, Feb 17, 2021 4:26:05 PM EST')
  })

  it('uses America/New_York when the website has no time zone', () => {
    expect(out('{t|date %z %Z}', { t: T })).toBe('-05:00 EST')
  })

  it('falls back to UTC for an unknown zone', () => {
    expect(out('{t|date %H:%M %Z %z}', { t: T, website: { timeZone: 'Mars/Olympus_Mons' } })).toBe(
      '21:26 UTC +00:00',
    )
    expect(resolveZone('Not/AZone')).toBe('UTC')
  })

  it('maps legacy SystemV zones the way the reference does', () => {
    expect(resolveZone('SystemV/EST5EDT')).toBe('America/New_York')
    expect(resolveZone('SystemV/PST8PDT')).toBe('America/Los_Angeles')
    expect(resolveZone('Canada/East-Saskatchewan')).toBe('America/Regina')
    expect(out('{t|date %H %Z}', { t: T, website: { timeZone: 'SystemV/CST6CDT' } })).toBe('15 CST')
  })

  it('numbers ISO weeks from Monday with four minimum days across a year boundary', () => {
    // Friday 1 January 2021 belongs to week 53 of 2020; Monday 30 December 2024 to week 1 of 2025.
    const jan1 = Date.UTC(2021, 0, 1, 12)
    const dec30 = Date.UTC(2024, 11, 30, 12)
    expect(out('{t|date %G-W%V %g}', { t: jan1 })).toBe('2020-W53 20')
    expect(out('{t|date %G-W%V %u}', { t: dec30 })).toBe('2025-W01 1')
  })

  it('reports the Julian-day range error and renders nothing outside the supported range', () => {
    const result = render('{t|date %Y}', { t: -2.2e14, website: { timeZone: 'UTC' } })
    expect(result.output).toBe('')
    expect(result.errors[0]?.message).toContain(
      'Julian day -105709 is outside the supported range of this library: Mon Jan 1 4713 B.C. to Fri Dec 31 8652 A.D.',
    )
    expect(julianDayOutOfRange(4881504)).toBe(
      'Julian day 4881504 is outside the supported range of this library: Mon Jan 1 4713 B.C. to Fri Dec 31 8652 A.D.',
    )
  })

  it('reports Invalid Date for a value that is not an instant', () => {
    const result = render('{t|date %Y}', { t: 'soon' })
    expect(result.output).toBe('')
    expect(result.errors[0]?.message).toContain('Invalid Date')
  })

  it('throws Invalid argument from the zone-offset helper for neither a date nor a number', () => {
    expect(timezoneOffsetMinutes('America/New_York', T)).toBe(300)
    expect(timezoneOffsetMinutes('Asia/Tokyo', new Date(T))).toBe(-540)
    expect(() => timezoneOffsetMinutes('UTC', 'yesterday')).toThrow('Invalid argument')
  })
})

describe('datetime and datetime-interval formatters', () => {
  const t = 1582571080000 // 2020-02-24 14:04:40 in New York
  it('prints CLDR widths with the narrow space before AM/PM', () => {
    expect(out('{t|datetime}', { t })).toBe('February 24, 2020')
    expect(out('{t|datetime short}', { t })).toBe('2/24/20, 2:04\u202fPM')
    expect(out('{t|datetime date:medium time:hm wrap:full}', { t })).toBe('Feb 24, 2020 at 2:04\u202fPM')
  })

  it('picks hours and minutes for a range within one day and dates otherwise', () => {
    expect(out('{s,e|datetime-interval}', { s: t, e: 1582591080000 })).toBe('2:04\u2009–\u20097:38\u202fPM')
    expect(out('{s,e|datetime-interval}', { s: t, e: 1692591080000 })).toBe(
      'Feb 24, 2020\u2009–\u2009Aug 21, 2023',
    )
  })

  it('renders nothing with i18n off', () => {
    expect(out('{t|datetime}', { t }, { locale: 'none' })).toBe('')
  })
})

describe('relative-time and timesince formatters', () => {
  const now = 1502298000000
  it('phrases a time relative to now, or a start and an end', () => {
    expect(out('{t|relative-time}', { t: now + 7_200_000 }, { now })).toBe('in 2 hours')
    expect(out('{t|relative-time context:begin-sentence}', { t: now + 7_200_000 }, { now })).toBe(
      'In 2 hours',
    )
    expect(out('{t|relative-time}', { t: now - 86_400_000 }, { now })).toBe('yesterday')
    expect(out('{s,e|relative-time allowWeeks:true}', { s: now, e: now + 13 * 86_400_000 })).toBe(
      'in 2 weeks',
    )
  })

  it('says about N units ago from years down to minutes', () => {
    const since = (ms: number) => out('{t|timesince}', { t: now - ms }, { now })
    const wrap = (ms: number, text: string) =>
      `<span class="timesince" data-date="${now - ms}">${text}</span>`
    expect(since(3 * 365 * 86_400_000)).toBe(wrap(3 * 365 * 86_400_000, 'about 3 years ago'))
    expect(since(400 * 86_400_000)).toBe(wrap(400 * 86_400_000, 'about a year ago'))
    expect(since(45 * 86_400_000)).toBe(wrap(45 * 86_400_000, 'about a month ago'))
    expect(since(14 * 86_400_000)).toBe(wrap(14 * 86_400_000, 'about 2 weeks ago'))
    expect(since(86_400_000)).toBe(wrap(86_400_000, 'about a day ago'))
    expect(since(5_400_000)).toBe(wrap(5_400_000, 'about an hour ago'))
    expect(since(180_000)).toBe(wrap(180_000, 'about 3 minutes ago'))
    expect(since(30_000)).toBe(wrap(30_000, 'less than a minute ago'))
  })

  it('prints Invalid date. for a value that is not a number', () => {
    expect(out('{t|timesince}', { t: 'last week' }, { now })).toBe('Invalid date.')
  })
})

describe('same-day? predicate', () => {
  it('is true when start and end fall on one calendar day in the site zone', () => {
    const tpl = '{.same-day?}one day{.or}several days{.end}'
    const start = Date.UTC(2013, 10, 15, 12, 30)
    expect(out(tpl, { startDate: start, endDate: start + 3_600_000 })).toBe('one day')
    expect(out(tpl, { startDate: start, endDate: start + 86_400_000 })).toBe('several days')
    // 23:30 in New York is already the next day in UTC: still one day for a New York site.
    const late = Date.UTC(2013, 10, 16, 4, 30)
    expect(out(tpl, { startDate: late - 3_600_000, endDate: late })).toBe('one day')
  })
})

// A site's own zone data (moment-timezone's unpacked form): a made-up zone at UTC+2 ("FJT")
// until 2021-02-01, then UTC+3 ("FST"), so its offsets differ from every tz id's.
const TZ_DATA = {
  name: 'Field/Journal',
  abbrs: ['FJT', 'FST'],
  untils: [Date.UTC(2021, 1, 1), null],
  offsets: [-120, -180],
}

describe('time (issue 24)', () => {
  it('prints the long date-time LLL when the date formatter has no pattern', () => {
    expect(out('{t|date}', { t: T })).toBe('February 17, 2021 4:26 PM')
    expect(out('{t|date}', { t: T, website: { timeZone: 'Asia/Tokyo' } })).toBe('February 18, 2021 6:26 AM')
  })

  it('renders in the site’s tzData when present, over its time zone id', () => {
    const website = { timeZone: 'America/New_York', tzData: TZ_DATA }
    expect(out('{t|date %Y-%m-%d %H:%M %Z %z}', { t: T, website })).toBe('2021-02-18 00:26 FST +03:00')
    const january = Date.UTC(2021, 0, 10, 12, 0)
    expect(out('{t|date %H:%M %Z}', { t: january, website })).toBe('14:00 FJT')
    expect(out('{t|datetime date:long time:short}', { t: T, website })).toContain('12:26')
    // Malformed zone data is ignored: the zone id decides.
    const broken = { timeZone: 'Asia/Tokyo', tzData: { ...TZ_DATA, offsets: [-120] } }
    expect(out('{t|date %H:%M %Z}', { t: T, website: broken })).toBe('06:26 JST')
  })

  it('falls back to UTC on the server for a zone without data, and to the browser’s offset in a browser', () => {
    expect(timezoneOffsetMinutes('Mars/Olympus_Mons', T)).toBe(0)
    const host = globalThis as { document?: unknown }
    host.document = {}
    try {
      expect(timezoneOffsetMinutes('Mars/Olympus_Mons', T)).toBe(new Date(T).getTimezoneOffset())
      expect(timezoneOffsetMinutes('', T)).toBe(new Date(T).getTimezoneOffset())
      expect(timezoneOffsetMinutes('Asia/Tokyo', T)).toBe(-540)
    } finally {
      delete host.document
    }
  })

  it('phrases future times and times under a minute against the time itself, or against now with against:now', () => {
    const now = 1502298000000
    const since = (t: number, args = '') => out(`{t|timesince${args}}`, { t }, { now })
    const wrap = (t: number, text: string) => `<span class="timesince" data-date="${t}">${text}</span>`
    const future = now + 3 * 86_400_000
    expect(since(future)).toBe(wrap(future, 'less than a minute ago'))
    expect(since(now - 30_000)).toBe(wrap(now - 30_000, 'less than a minute ago'))
    expect(since(future, ' against:now')).toBe(wrap(future, 'in about 3 days'))
    expect(since(now + 3_600_000, ' against:now')).toBe(wrap(now + 3_600_000, 'in about an hour'))
    expect(since(now - 30_000, ' against:now')).toBe(wrap(now - 30_000, 'about 30 seconds ago'))
    expect(since(now - 180_000, ' against:now')).toBe(wrap(now - 180_000, 'about 3 minutes ago'))
  })
})
