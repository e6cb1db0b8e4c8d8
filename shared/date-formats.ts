import { BoundedCache } from './bounded-cache'

/**
 * `Intl.DateTimeFormat`s made once per options, locale and time zone: building one costs far
 * more than formatting with it (a product page's reviews built one per review, a third of the
 * page's render). Settled values only (worker/runtime/isolate-cache.ts), bounded; the browser
 * keeps its own. A locale or zone `Intl` refuses throws as `new Intl.DateTimeFormat` does, and
 * nothing is kept.
 */
const formats = new WeakMap<Intl.DateTimeFormatOptions, BoundedCache<Intl.DateTimeFormat>>()

/** The format of `options` (a constant of its call site) for `locale` in `timeZone` (undefined: the platform's). */
export function dateFormat(
  options: Intl.DateTimeFormatOptions,
  locale: string,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  let byPlace = formats.get(options)
  if (byPlace === undefined) {
    byPlace = new BoundedCache(64)
    formats.set(options, byPlace)
  }
  const key = `${locale}\n${timeZone ?? ''}`
  return byPlace.get(key) ?? byPlace.set(key, new Intl.DateTimeFormat(locale, { ...options, timeZone }))
}
