/**
 * The operator's calls, on any host, before a tenant is resolved (docs/deployment.md,
 * "Queues and dead letters"; `scripts/replay-dead-letters.ts` drives them):
 *
 *   GET  /_operator/dead-letters           -> waiting dead letters by queue
 *   POST /_operator/dead-letters/replay    { queue?, limit? } -> what was put back on its queue
 *
 * They need `Authorization: Bearer <OPERATOR_TOKEN>`. Without `OPERATOR_TOKEN` the calls do not
 * exist (404); a short token, or the development one in production, is refused with how to fix
 * it (503). Every answer is JSON and `no-store`.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { sameSecret } from '../crypto/encoding'
import { secretProblem } from '../crypto/secrets'
import { waitingDeadLetters } from '../db/dead-letters'
import type { AppEnv } from '../env'
import { InputError, validate } from '../http/body'
import { Hono } from '../http/hono'
import { replayDeadLetters } from '../queues/dead-letters'
import { REPLAYABLE_QUEUES } from '../queues/names'
import { logError } from '../runtime/log'
import * as z from '../runtime/zod'

export const operatorRoutes = new Hono<AppEnv>()

const NO_STORE = { 'cache-control': 'no-store' } as const

function requireOperator(): MiddlewareHandler<AppEnv> {
  return async function requireOperator(c, next) {
    if (c.env.OPERATOR_TOKEN === undefined || c.env.OPERATOR_TOKEN === '') {
      return c.json({ message: 'There is no such call.' }, 404, NO_STORE)
    }
    const problem = secretProblem('OPERATOR_TOKEN', c.env.OPERATOR_TOKEN, c.env.ENVIRONMENT)
    if (problem !== null) return c.json({ message: problem }, 503, NO_STORE)
    const header = c.req.header('authorization') ?? ''
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : ''
    if (!sameSecret(given, c.env.OPERATOR_TOKEN)) {
      return c.json({ message: 'Send the operator token as `Authorization: Bearer <token>`.' }, 401, {
        ...NO_STORE,
        'www-authenticate': 'Bearer',
      })
    }
    await next()
  }
}

operatorRoutes.onError(function operatorError(error, c: Context<AppEnv>) {
  if (error instanceof InputError)
    return c.json({ message: error.message, errors: error.errors }, error.status)
  logError('operator-error', { path: c.req.path, message: String(error) })
  return c.json({ message: 'The call failed; nothing was lost: try again.' }, 500, NO_STORE)
})

operatorRoutes.use('/_operator/*', requireOperator())

operatorRoutes.get('/_operator/dead-letters', async function listDeadLetters(c) {
  return c.json({ queues: await waitingDeadLetters(c.env.DB) }, 200, NO_STORE)
})

/** Dead letters one replay call puts back, at most. */
const MAX_REPLAY = 1000

const replaySchema = z.object({
  queue: z._default(z.nullable(z.enum(REPLAYABLE_QUEUES)), null),
  limit: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_REPLAY)), 500),
})

/** Replays waiting dead letters; an empty body replays up to 500 of every queue. */
operatorRoutes.post('/_operator/dead-letters/replay', async function replay(c) {
  const text = await c.req.text()
  let body: unknown = {}
  try {
    if (text.trim() !== '') body = JSON.parse(text)
  } catch {
    throw new InputError('The request body is not valid JSON.')
  }
  const options = validate(replaySchema, body)
  const result = await replayDeadLetters(c.env, options)
  const left = await waitingDeadLetters(c.env.DB)
  return c.json({ ...result, waiting: left }, 200, NO_STORE)
})

operatorRoutes.all('/_operator/*', (c) => c.json({ message: 'There is no such call.' }, 404, NO_STORE))
