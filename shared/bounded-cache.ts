/**
 * A Map that forgets everything once it holds `limit` entries: simple and allocation-free. For
 * values made from a few inputs that recur (formats per locale and zone, texts per instant):
 * settled values only (worker/runtime/isolate-cache.ts); the browser keeps its own.
 */
export class BoundedCache<V, K = string> {
  private readonly map = new Map<K, V>()
  constructor(private readonly limit: number) {}
  get(key: K): V | undefined {
    return this.map.get(key)
  }
  set(key: K, value: V): V {
    if (this.map.size >= this.limit) this.map.clear()
    this.map.set(key, value)
    return value
  }
}
