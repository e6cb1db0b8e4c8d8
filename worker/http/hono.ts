/**
 * Hono with its trie router alone: every app and route group of the storefront is made here.
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
import { TrieRouter } from 'hono/router/trie-router'

export class Hono<E extends Env = Env> extends HonoBase<E> {
  constructor() {
    super()
    this.router = new TrieRouter()
  }
}
