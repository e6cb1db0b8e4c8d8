// Replays the dead letters (README, "Queues and dead letters"): prints what waits in D1's
// `dead_letters`, then puts it back onto its queue, --limit at a time, until nothing is left.
//
//   npx tsx scripts/replay-dead-letters.ts [--url http://127.0.0.1:8787] [--queue NAME] [--limit 500] [--list]
//
// The token is OPERATOR_TOKEN from the environment; against a local URL without one, the
// development value of wrangler.toml. Consumers key on the id each message carries, so running
// it twice, or replaying a message that had in fact been handled, stores or sends nothing twice.
import { parseArgs } from 'node:util'

const DEVELOPMENT_TOKEN = 'development-only-operator-token-for-local-runs'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8787' },
    queue: { type: 'string' },
    limit: { type: 'string', default: '500' },
    list: { type: 'boolean', default: false },
  },
})

const base = values.url.replace(/\/+$/, '')
const local = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(base)
const token = process.env.OPERATOR_TOKEN ?? (local ? DEVELOPMENT_TOKEN : undefined)
if (token === undefined) {
  console.error('Set OPERATOR_TOKEN to the production worker’s operator token.')
  process.exit(2)
}
const limit = Number(values.limit)
if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
  console.error('--limit must be a whole number from 1 to 1000.')
  process.exit(2)
}

interface WaitingQueue {
  queue: string
  waiting: number
  oldestParkedAt: number
}

interface Answer {
  message?: string
  queues: WaitingQueue[]
  replayed: Record<string, number>
  waiting: WaitingQueue[]
}

async function call(path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as Answer
  if (!response.ok) {
    console.error(`${path} answered ${response.status}: ${answer.message ?? 'no message'}`)
    process.exit(1)
  }
  return answer
}

function printWaiting(queues: WaitingQueue[]): void {
  if (queues.length === 0) console.log('No dead letters wait.')
  for (const { queue, waiting, oldestParkedAt } of queues) {
    console.log(`${queue}: ${waiting} waiting, the oldest parked ${new Date(oldestParkedAt).toISOString()}`)
  }
}

const { queues } = await call('/_operator/dead-letters')
printWaiting(queues)
if (values.list) process.exit(0)

let total = 0
for (;;) {
  const { replayed, waiting } = await call('/_operator/dead-letters/replay', {
    queue: values.queue ?? null,
    limit,
  })
  const round = Object.values(replayed).reduce((sum, count) => sum + count, 0)
  total += round
  for (const [queue, count] of Object.entries(replayed)) console.log(`replayed ${count} onto ${queue}`)
  const left = waiting.filter((entry) => values.queue === undefined || entry.queue === values.queue)
  if (round === 0 || left.length === 0) {
    console.log(`${total} dead letters replayed.`)
    printWaiting(waiting)
    break
  }
}
