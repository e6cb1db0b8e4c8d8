// The visit and analytics rules the worker and the tracking script share (shared/visit-cookies.ts):
// the visitor-record and timestamp formats, each transition of platform.md section 4, and the
// suppression rules of storefront.md section 6.
import { describe, expect, it } from 'vitest'
import {
  accountSuppressesAnalytics,
  formatVisitorRecord,
  nextVisit,
  pageIsTracked,
  pageViewIsTracked,
  parseVisitorRecord,
  parseVisitTimestamp,
  sourceEnvironment,
  WebsiteRole,
} from '../../shared/index'

const NOW = 1_780_000_000_000
const MINUTE = 60_000
const newId = () => 'fresh-id'

describe('The visitor record format (platform.md section 5)', () => {
  it('Should read an id followed by four positive integers separated by pipes', () => {
    expect(parseVisitorRecord('abc_12-Z|1700000000000|1700000500000|1700001000000|3')).toEqual({
      id: 'abc_12-Z',
      firstVisit: 1_700_000_000_000,
      previousVisit: 1_700_000_500_000,
      currentVisit: 1_700_001_000_000,
      count: 3,
    })
  })

  for (const value of [
    '',
    'abc|1|2|3',
    'abc|1|2|3|4|5',
    'abc|1|2|3|0',
    'abc|0|2|3|4',
    'abc|1|-2|3|4',
    'abc|1|2.5|3|4',
    'abc|1| 2|3|4',
    '|1|2|3|4',
    'a b|1|2|3|4',
    'abc|1|2|3|99999999999999999999',
  ]) {
    it(`Should refuse "${value}" as a visitor record`, () => {
      expect(parseVisitorRecord(value)).toBeNull()
    })
  }

  it('Should write a record back in the same five parts', () => {
    const record = { id: 'v1', firstVisit: 10, previousVisit: 20, currentVisit: 30, count: 4 }
    expect(formatVisitorRecord(record)).toBe('v1|10|20|30|4')
    expect(parseVisitorRecord(formatVisitorRecord(record))).toEqual(record)
  })

  it('Should take a positive integer, and nothing else, as a visit timestamp', () => {
    expect(parseVisitTimestamp('1780000000000')).toBe(1_780_000_000_000)
    for (const value of ['', '0', '-1', '1.5', 'abc', ' 12', undefined, null]) {
      expect(parseVisitTimestamp(value), String(value)).toBeNull()
    }
  })
})

describe('Visit transitions (platform.md section 4)', () => {
  const record = `v1|${NOW - 60 * MINUTE * 24}|${NOW - 60 * MINUTE * 24}|${NOW - 40 * MINUTE}|2`

  it('Should create a new record with count 1 when there is no visitor record', () => {
    expect(nextVisit(undefined, undefined, NOW, newId)).toEqual({
      record: { id: 'fresh-id', firstVisit: NOW, previousVisit: NOW, currentVisit: NOW, count: 1 },
      transition: 'new-visitor',
    })
  })

  it('Should create a new record with count 1 when the visitor record is invalid, whatever the timestamp says', () => {
    const next = nextVisit('v1|1|2|3', String(NOW - MINUTE), NOW, newId)
    expect(next.transition).toBe('new-visitor')
    expect(next.record.count).toBe(1)
    expect(next.record.id).toBe('fresh-id')
  })

  it('Should count a new visit when the record is valid and the timestamp has expired (is missing)', () => {
    expect(nextVisit(record, undefined, NOW, newId)).toEqual({
      record: {
        id: 'v1',
        firstVisit: NOW - 60 * MINUTE * 24,
        previousVisit: NOW - 40 * MINUTE,
        currentVisit: NOW,
        count: 3,
      },
      transition: 'new-visit',
    })
  })

  it('Should count a new visit when the timestamp is malformed', () => {
    for (const timestamp of ['0', 'soon', '-5']) {
      expect(nextVisit(record, timestamp, NOW, newId).transition, timestamp).toBe('new-visit')
    }
  })

  it('Should count a new visit when the timestamp is older than 30 minutes', () => {
    expect(nextVisit(record, String(NOW - 30 * MINUTE), NOW, newId).transition).toBe('new-visit')
  })

  it('Should keep the same visit, record unchanged, while the timestamp is under 30 minutes old', () => {
    const next = nextVisit(record, String(NOW - 29 * MINUTE), NOW, newId)
    expect(next.transition).toBe('same-visit')
    expect(formatVisitorRecord(next.record)).toBe(record)
  })
})

describe('Analytics suppression (storefront.md sections 2 and 6)', () => {
  const { ADMIN, STORE_MANAGER, VIEWER, EDITOR } = WebsiteRole

  it('Should track visitors who are not signed in, and site users with no website role', () => {
    expect(accountSuppressesAnalytics(null, '/')).toBe(false)
    expect(accountSuppressesAnalytics([], '/apparel')).toBe(false)
  })

  it('Should suppress signed-in accounts with any role but viewer', () => {
    for (const roles of [[ADMIN], [STORE_MANAGER], [EDITOR], [VIEWER, STORE_MANAGER]]) {
      expect(accountSuppressesAnalytics(roles, '/'), String(roles)).toBe(true)
    }
  })

  it('Should track a viewer-only account outside /config/ and suppress it inside', () => {
    expect(accountSuppressesAnalytics([VIEWER], '/apparel')).toBe(false)
    expect(accountSuppressesAnalytics([VIEWER], '/config/pages')).toBe(true)
    expect(accountSuppressesAnalytics([VIEWER], '/config')).toBe(true)
    expect(accountSuppressesAnalytics([VIEWER], '/configurator')).toBe(false)
  })

  it('Should load no tracking on not-found, lock-screen and member screens, nor for a site with tracking disabled', () => {
    for (const kind of ['not-found', 'lock-screen', 'member-denied'])
      expect(pageIsTracked(kind, false)).toBe(false)
    expect(pageIsTracked('product', true)).toBe(false)
    expect(pageIsTracked('product', false)).toBe(true)
  })

  it('Should exclude /search from page views only', () => {
    expect(pageIsTracked('search', false)).toBe(true)
    expect(pageViewIsTracked('search', '/search', false)).toBe(false)
    expect(pageViewIsTracked('page', '/about', false)).toBe(true)
  })
})

describe('Source environment (platform.md section 4)', () => {
  it('Should give staging for staging hosts, dev for local or dev hosts, else prod', () => {
    expect(sourceEnvironment('shop.staging.example.com')).toBe('staging')
    expect(sourceEnvironment('aurora.localhost')).toBe('dev')
    expect(sourceEnvironment('127.0.0.1')).toBe('dev')
    expect(sourceEnvironment('dev.example.com')).toBe('dev')
    expect(sourceEnvironment('shop.example.com')).toBe('prod')
  })
})
