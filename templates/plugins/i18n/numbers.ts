/**
 * Number options shared by the i18n formatters (`decimal`/`money` message arguments and `unit`):
 * the reference's option words read into `Intl.NumberFormatOptions`, and a bounded cache of
 * formatters so a hot render never builds one.
 */

import { BoundedCache } from '../../../shared/bounded-cache'
import { asNumber } from '../../../shared/json'
import { clampDigits } from '../../limits'

const numberFormats = new BoundedCache<Intl.NumberFormat>(128)

/** A cached `Intl.NumberFormat`; throws as `Intl` does on options it refuses. */
export function numberFormat(locale: string, o: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(o)}`
  return numberFormats.get(key) ?? numberFormats.set(key, new Intl.NumberFormat(locale, o))
}

/** Reads the reference's number option words (`maxFrac:1`, `group:false`, `style:short`, ...). */
export function numberOptions(options: readonly string[], currency: boolean): Intl.NumberFormatOptions {
  const o: Intl.NumberFormatOptions = {}
  const digits = (v: string, min: number, max: number) =>
    Math.min(Math.max(clampDigits(asNumber(v) || 0), min), max)
  for (const opt of options) {
    const i = opt.indexOf(':')
    const key = i === -1 ? opt : opt.slice(0, i)
    const val = i === -1 ? '' : opt.slice(i + 1)
    switch (key) {
      case 'style':
        if (val === 'short' || val === 'long') {
          o.notation = 'compact'
          o.compactDisplay = val
        } else if (currency && (val === 'name' || val === 'code')) o.currencyDisplay = val
        else if (currency && val === 'accounting') o.currencySign = 'accounting'
        else if (!currency && val === 'scientific') o.notation = 'scientific'
        else if (!currency && (val === 'percent' || val === 'percent-scaled')) o.style = 'percent'
        break
      case 'symbol':
        if (currency && val === 'narrow') o.currencyDisplay = 'narrowSymbol'
        break
      case 'group':
      case 'grouping':
        o.useGrouping = val === '' || val === 'true'
        break
      case 'no-group':
      case 'no-grouping':
        o.useGrouping = false
        break
      case 'minint':
      case 'minInt':
      case 'minimumIntegerDigits':
        o.minimumIntegerDigits = digits(val, 1, 21)
        break
      case 'maxfrac':
      case 'maxFrac':
      case 'maximumFractionDigits':
        o.maximumFractionDigits = digits(val, 0, 20)
        break
      case 'minfrac':
      case 'minFrac':
      case 'minimumFractionDigits':
        o.minimumFractionDigits = digits(val, 0, 20)
        break
      case 'maxsig':
      case 'maxSig':
      case 'maximumSignificantDigits':
        o.maximumSignificantDigits = digits(val, 1, 21)
        break
      case 'minsig':
      case 'minSig':
      case 'minimumSignificantDigits':
        o.minimumSignificantDigits = digits(val, 1, 21)
        break
      default:
        break
    }
  }
  if (o.minimumFractionDigits !== undefined && o.maximumFractionDigits !== undefined)
    o.maximumFractionDigits = Math.max(o.maximumFractionDigits, o.minimumFractionDigits)
  return o
}
