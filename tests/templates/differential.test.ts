import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEVIATIONS } from '../../templates/deviations'
import { type Case, cases, check, newTally, renderOurs, renderReference } from './differential'

/**
 * A bounded, deterministic share of the differential run: fixed seed, a few hundred cases.
 * `npm run bench -- differential` runs many more (see tests/bench/differential.bench.ts).
 */
const SEED = 20_260_510
const RUNS = 1000
/** About a second alone; generous, for a busy two-core machine. */
const TIMEOUT_MS = 60_000

describe('our engine and the reference engine', () => {
  it(
    `print the same for ${RUNS} random templates and data, except listed deviations`,
    () => {
      const tally = newTally()
      fc.assert(
        fc.property(cases, (c) => check(c, tally)),
        { seed: SEED, numRuns: RUNS },
      )
      // The comparison must mostly compare: a generator that only hit deviations proves nothing.
      expect(tally.same).toBeGreaterThan(RUNS * 0.8)
    },
    TIMEOUT_MS,
  )
})

describe('each listed deviation', () => {
  it.each(DEVIATIONS.map((d) => [d.id, d] as const))('%s: holds as its example says', (_id, d) => {
    const c: Case = {
      template: d.example.template,
      data: d.example.data as Record<string, unknown>,
      locale: d.example.locale ?? null,
    }
    expect(d.summary.length).toBeGreaterThan(20)
    expect(d.reason.length).toBeGreaterThan(20)
    expect(renderOurs(c)).toBe(d.example.ours)
    expect(renderReference(c)).toBe(d.example.reference)
    expect(d.involves(c.template, c.data, c.locale)).toBe(true)
  })

  it('have distinct names', () => {
    expect(new Set(DEVIATIONS.map((d) => d.id)).size).toBe(DEVIATIONS.length)
  })
})
