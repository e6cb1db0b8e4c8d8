/** Small display helpers: dates in the site's time zone, money in the store currency. */
import { formatCldrMoney, minorUnitsOf, moneyFromMinorUnits } from '../shared/index'

export function formatWhen(ms: number, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      ms,
    )
  } catch {
    return new Date(ms).toLocaleString()
  }
}

export function formatPrice(minor: number, currency: string): string {
  const money = moneyFromMinorUnits(minor, currency)
  try {
    return formatCldrMoney(money, navigator.language || 'en-US')
  } catch {
    return `${money.amount} ${money.currency}`
  }
}

/** The number of fraction digits of a currency (2 for USD, 0 for JPY). */
export function fractionDigits(currency: string): number {
  return minorUnitsOf({ amount: '1', currency }).length - 1
}

/** A decimal amount written with the currency's digits (4800 USD → "48.00", 1200 JPY → "1200"). */
export function decimalAmount(minor: number, currency: string): string {
  const { amount } = moneyFromMinorUnits(minor, currency)
  const digits = fractionDigits(currency)
  if (digits === 0) return amount
  const [int = '0', frac = ''] = amount.split('.')
  return `${int}.${frac.padEnd(digits, '0')}`
}

/** Minor units typed as an amount ("48", "48.5", "48.50"), or null when it is not an amount. */
export function parseAmount(text: string, currency: string): number | null {
  const trimmed = text.trim().replace(',', '.')
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return null
  const digits = fractionDigits(currency)
  const [, frac = ''] = trimmed.split('.')
  if (frac.length > digits) return null
  const minor = Number(minorUnitsOf({ amount: trimmed, currency }))
  return Number.isSafeInteger(minor) ? minor : null
}
