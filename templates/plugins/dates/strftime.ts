/**
 * `date` formatter patterns: strftime / YUI style (`%Y-%m-%d`), English names, the reference's
 * choices where strftime leaves room (`%c`, `%x`, `%X`, `%v`; `%U` and `%W` both count US weeks).
 */
import { ISO_WEEK } from '../../../shared/enumerations'
import { abbreviation, type DateFields, weekOfYear } from './calendar'

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

const pad = (n: number, width: number, fill = '0'): string => String(n).padStart(width, fill)
const hour12 = (d: DateFields): number => d.hour % 12 || 12
const dayName = (d: DateFields): string => DAYS[d.dayOfWeek - 1] as string
const monthName = (d: DateFields): string => MONTHS[d.month - 1] as string

function offsetText(offset: number): string {
  const minutes = Math.abs(offset) / 60000
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`
}

/** The text of one conversion, or '' for letters strftime does not define here. */
function convert(d: DateFields, c: string): string {
  switch (c) {
    case 'a':
      return dayName(d).slice(0, 3)
    case 'A':
      return dayName(d)
    case 'b':
    case 'h':
      return monthName(d).slice(0, 3)
    case 'B':
      return monthName(d)
    case 'c':
      return formatStrftime(d, `%a, %b ${d.day}, %Y ${hour12(d)}:%M:%S %p %Z`)
    case 'C':
      return pad(Math.floor(d.year / 100), 2)
    case 'd':
      return pad(d.day, 2)
    case 'D':
      return formatStrftime(d, '%m/%d/%y')
    case 'e':
      return pad(d.day, 2, ' ')
    case 'F':
      return formatStrftime(d, '%Y-%m-%d')
    case 'g':
      return pad(weekOfYear(d, ISO_WEEK.firstDay, ISO_WEEK.minDays)[1] % 100, 2)
    case 'G':
      return pad(weekOfYear(d, ISO_WEEK.firstDay, ISO_WEEK.minDays)[1], 4)
    case 'H':
      return pad(d.hour, 2)
    case 'i':
      return String(hour12(d))
    case 'I':
      return pad(hour12(d), 2)
    case 'j':
      return pad(d.dayOfYear, 3)
    case 'k':
      return pad(d.hour, 2, ' ')
    case 'l':
      return pad(hour12(d), 2, ' ')
    case 'm':
      return pad(d.month, 2)
    case 'M':
      return pad(d.minute, 2)
    case 'n':
      return '\n'
    case 'N':
      return pad(d.millis * 1e6, 9)
    case 'p':
      return d.hour < 12 ? 'AM' : 'PM'
    case 'P':
      return d.hour < 12 ? 'am' : 'pm'
    case 'q':
      return String(Math.floor((d.month - 1) / 3) + 1)
    case 'r':
      return formatStrftime(d, `${hour12(d)}:%M:%S %p`)
    case 'R':
      return formatStrftime(d, '%H:%M')
    case 's':
      return String(Math.trunc(d.utc / 1000))
    case 'S':
      return pad(d.second, 2)
    case 't':
      return '\t'
    case 'T':
      return formatStrftime(d, '%H:%M:%S')
    case 'u':
      return String(d.dayOfWeek === 1 ? 7 : d.dayOfWeek - 1)
    case 'U':
    case 'W':
      return pad(weekOfYear(d, 1, 1)[0], 2)
    case 'v':
      return formatStrftime(d, '%e-%b-%Y')
    case 'V':
      return pad(weekOfYear(d, ISO_WEEK.firstDay, ISO_WEEK.minDays)[0], 2)
    case 'w':
      return String(d.dayOfWeek - 1)
    case 'x':
      return formatStrftime(d, '%m/%d/%Y')
    case 'X':
      return formatStrftime(d, '%I:%M:%S %p')
    case 'y':
      return pad(d.year % 100, 2)
    case 'Y':
      return String(d.year)
    case 'z':
      return offsetText(d.offset)
    case 'Z':
      return abbreviation(d)
    default:
      return ''
  }
}

/**
 * The default date format, the long date-time 'LLL' (platform spec §9), as moment's English
 * writes it: 'MMMM D, YYYY h:mm A' ('February 17, 2021 4:26 PM').
 */
export function formatLongDateTime(d: DateFields): string {
  return formatStrftime(d, `%B ${d.day}, %Y ${hour12(d)}:%M %p`)
}

/** Formats `d` by a strftime pattern; `%%` is a percent sign, a trailing `%` prints as is. */
export function formatStrftime(d: DateFields, pattern: string): string {
  let out = ''
  let i = 0
  while (i < pattern.length) {
    const at = pattern.indexOf('%', i)
    if (at === -1 || at === pattern.length - 1) {
      out += pattern.slice(i)
      break
    }
    out += pattern.slice(i, at)
    const c = pattern[at + 1] as string
    out += c === '%' ? '%' : convert(d, c)
    i = at + 2
  }
  return out
}
