/**
 * The differential run at scale: random templates and data rendered by our engine and the
 * reference engine (generators in tests/templates/differential.ts), outputs compared, every
 * difference either a listed deviation (templates/deviations.ts) or a failure. The test suite
 * runs 1,000 cases with a fixed seed; this runs as many as you like:
 *
 *   npm run bench -- differential                         10,000 cases, a new seed each run
 *   DIFF_RUNS=50000 DIFF_SEED=42 npm run bench -- differential
 *
 * Prints how many cases agreed, how many met each deviation, and, on a difference, the
 * smallest case fast-check shrinks it to, with the seed to replay it; exits 1 then.
 */
import fc from 'fast-check'
import { cases, check, newTally } from '../templates/differential'

const runs = Number(process.env.DIFF_RUNS ?? 10_000)
const seed = Number(process.env.DIFF_SEED ?? Date.now() % 1_000_000_007)
const tally = newTally()
const started = performance.now()
const result = fc.check(
  fc.property(cases, (c) => check(c, tally)),
  { seed, numRuns: runs },
)
const seconds = ((performance.now() - started) / 1000).toFixed(1)

console.log(`differential: ${runs} cases, seed ${seed}, ${seconds} s`)
console.log(`  same output:          ${tally.same}`)
console.log(`  reference threw:      ${tally.referenceFailed}`)
for (const [id, n] of [...tally.deviation].sort((a, b) => b[1] - a[1]))
  console.log(`  deviation ${id.padEnd(32)} ${n}`)
if (result.failed) {
  console.log(`\nFAILED after ${result.numRuns} cases (replay: DIFF_SEED=${seed} DIFF_RUNS=${runs})`)
  console.log(
    result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance),
  )
  process.exit(1)
}
