// Storage that fails on purpose, around the real bindings (never fakes of them): a D1 whose
// statements matching a pattern throw, a Durable Object namespace whose stubs throw on one
// method. Each fault fails `times` calls (Infinity: for ever), then lets calls through.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { app } from '../../worker/api-worker/index'
import type { Env } from '../../worker/env'

export class InjectedFault extends Error {
  override name = 'InjectedFault'
}

/** A fault budget shared by the calls it applies to. */
export interface Fault {
  times: number
  /** How many calls it failed so far. */
  hits: number
}

function take(fault: Fault): boolean {
  if (fault.hits >= fault.times) return false
  fault.hits++
  return true
}

const POISONED = Symbol('poisoned statement')

/** `db` with every statement whose SQL matches `pattern` failing, `times` times. */
export function failingD1(db: D1Database, pattern: RegExp, fault: Fault): D1Database {
  const poisoned = () => {
    const reject = () => Promise.reject(new InjectedFault(`D1 failed on ${pattern}`))
    const statement = {
      [POISONED]: true,
      bind: () => statement,
      run: reject,
      first: reject,
      all: reject,
      raw: reject,
    }
    return statement as unknown as D1PreparedStatement
  }
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare')
        return (sql: string) => (pattern.test(sql) && take(fault) ? poisoned() : target.prepare(sql))
      if (property === 'batch')
        return (statements: D1PreparedStatement[]) =>
          statements.some((s) => (s as unknown as Record<symbol, unknown>)[POISONED])
            ? Promise.reject(new InjectedFault(`D1 batch failed on ${pattern}`))
            : target.batch(statements)
      const value = (target as unknown as Record<PropertyKey, unknown>)[property]
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** `namespace` whose stubs throw on `method`, `times` times (the call never reaches the object). */
export function failingDurable<T extends Rpc.DurableObjectBranded | undefined>(
  namespace: DurableObjectNamespace<T>,
  method: string,
  fault: Fault,
): DurableObjectNamespace<T> {
  return new Proxy(namespace, {
    get(target, property) {
      if (property === 'get')
        return (id: DurableObjectId) => {
          const stub = target.get(id)
          return new Proxy(stub, {
            get(inner, name) {
              if (name === method && take(fault))
                return () => Promise.reject(new InjectedFault(`${method} failed`))
              // An RPC stub's method is called on the stub itself: `bind` would be a remote call.
              const methods = inner as unknown as Record<PropertyKey, (...args: unknown[]) => unknown>
              return (...args: unknown[]) => methods[name]?.(...args)
            },
          })
        }
      const value = (target as unknown as Record<PropertyKey, unknown>)[property]
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** The object key an R2 call names (its first argument), or '' (a list). */
function r2KeyOf(args: unknown[]): string {
  const [first] = args
  if (typeof first === 'string') return first
  return Array.isArray(first) ? first.join(' ') : ''
}

/**
 * `bucket` whose `method` fails `times` times on keys matching `keys` (every key if not given):
 * a bucket method (`put`, `get`, `head`, `delete`, `list`, `createMultipartUpload`) or a
 * multipart upload's (`uploadPart`, `complete`, `abort`). The call never reaches R2.
 */
export function failingR2(bucket: R2Bucket, method: string, fault: Fault, keys?: RegExp): R2Bucket {
  const wrap = <T extends object>(target: T, key: string): T =>
    new Proxy(target, {
      get(inner, property) {
        const value = (inner as Record<PropertyKey, unknown>)[property]
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          const named = key || r2KeyOf(args)
          if (property === method && (keys === undefined || keys.test(named)) && take(fault))
            return Promise.reject(new InjectedFault(`R2 ${method} failed on ${named}`))
          const result = (value as (...a: unknown[]) => unknown).apply(inner, args)
          if (property === 'resumeMultipartUpload') return wrap(result as object, String(args[0]))
          if (property === 'createMultipartUpload')
            return (result as Promise<object>).then((upload) => wrap(upload, String(args[0])))
          return result
        }
      },
    })
  return wrap(bucket, '')
}

/** `kv` whose `put` fails `times` times on keys matching `keys` (the value is never written). */
export function failingKvPut(kv: KVNamespace, keys: RegExp, fault: Fault): KVNamespace {
  return new Proxy(kv, {
    get(target, property) {
      if (property === 'put')
        return (...args: Parameters<KVNamespace['put']>) =>
          keys.test(args[0]) && take(fault)
            ? Promise.reject(new InjectedFault(`KV put failed on ${args[0]}`))
            : target.put(...args)
      const value = (target as unknown as Record<PropertyKey, unknown>)[property]
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** `queue` whose `send` fails `times` times (the message is never queued). */
export function failingQueue<T>(queue: Queue<T>, fault: Fault): Queue<T> {
  return new Proxy(queue, {
    get(target, property) {
      if (property === 'send')
        return (...args: Parameters<Queue<T>['send']>) =>
          take(fault) ? Promise.reject(new InjectedFault('Queue send failed')) : target.send(...args)
      const value = (target as unknown as Record<PropertyKey, unknown>)[property]
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** Runs a request through the app with `bindings`, waiting for its `waitUntil` work. */
export async function fetchWith(bindings: Env, request: Request): Promise<Response> {
  const ctx = createExecutionContext()
  const response = await app.fetch(request, bindings, ctx)
  const body = await response.arrayBuffer()
  await waitOnExecutionContext(ctx)
  return new Response(body, response)
}

/** The test bindings with some replaced. */
export function bindingsWith(changes: Partial<Env>): Env {
  return { ...(env as unknown as Env), ...changes }
}
