/** The render's locale for `Intl`: null means the platform default, 'none' turns i18n off. */
import { BoundedCache } from '../../../shared/bounded-cache'
import type { RenderSettings } from '../../registry'

export const DEFAULT_LOCALE = 'en-US'
const I18N_OFF = 'none'
const locales = new BoundedCache<string>(64)

/** The BCP-47 tag to format with, or null when i18n is off (legacy templates). */
export function renderLocale(settings: RenderSettings): string | null {
  const wanted = settings.locale
  if (wanted === null || wanted === '') return DEFAULT_LOCALE
  if (wanted === I18N_OFF) return null
  const known = locales.get(wanted)
  if (known !== undefined) return known
  let tag = DEFAULT_LOCALE
  try {
    tag = Intl.getCanonicalLocales(wanted)[0] ?? DEFAULT_LOCALE
  } catch {
    tag = DEFAULT_LOCALE
  }
  return locales.set(wanted, tag)
}
