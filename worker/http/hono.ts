/**
 * Hono with its trie router alone (its answers kept, below): every app and route group of the
 * storefront is made here.
 *
 * `hono`'s default router (SmartRouter) tries RegExpRouter first and falls back to TrieRouter
 * when a route is one RegExpRouter cannot compile. Ours has such a route (`/:collection`
 * beside `/:collection?`, worker/routes/pages.tsx), so every request has always been matched by
 * TrieRouter, after a first request that built RegExpRouter's matcher and threw it away. Naming
 * the trie router keeps exactly that routing, without that wasted work at cold start and without
 * the two unused routers in the bundle (about 2 KiB gzip, issue 26). Biome refuses `Hono` from
 * `hono` elsewhere in worker/ (biome.json), so a new route group cannot bring them back.
 */
import type { Env } from 'hono'
import { HonoBase } from 'hono/hono-base'
import type { Result } from 'hono/router'
import { TrieRouter } from 'hono/router/trie-router'

/** Paths whose answers are kept, and the longest path kept (a longer one is matched each time). */
const ANSWERS_KEPT = 512
const LONGEST_PATH_KEPT = 256

/**
 * The trie router, with its answers for the isolate's most recent method and path pairs kept:
 * an answer depends on nothing else (a route added later forgets them all), and
 * nothing downstream changes it (Hono reads the handlers and parameters, never writes them).
 * Searching the trie was a twelfth of a rendered page's CPU in the storefront's Worker: every
 * middleware is a wildcard at each level (issue 26, fourth round).
 */
class KeptAnswersRouter<T> extends TrieRouter<T> {
  readonly #answers = new Map<string, Result<T>>()

  override add(method: string, path: string, handler: T): void {
    super.add(method, path, handler)
    this.#answers.clear()
  }

  override match(method: string, path: string): Result<T> {
    if (path.length > LONGEST_PATH_KEPT) return super.match(method, path)
    const key = `${method} ${path}`
    const known = this.#answers.get(key)
    if (known !== undefined) return known
    const answer = super.match(method, path)
    if (this.#answers.size >= ANSWERS_KEPT) this.#answers.delete(this.#answers.keys().next().value as string)
    this.#answers.set(key, answer)
    return answer
  }
}

export class Hono<E extends Env = Env> extends HonoBase<E> {
  constructor() {
    super()
    this.router = new KeptAnswersRouter()
  }
}
