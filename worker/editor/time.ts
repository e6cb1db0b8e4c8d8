/** Times the editor reads from people: a local date-time in the site's time zone. */

/** The site's time zone (`website.timeZone`, default America/New_York; unknown zones: UTC). */
export function siteTimeZone(website: { timeZone?: unknown }): string {
  const zone =
    typeof website.timeZone === 'string' && website.timeZone !== '' ? website.timeZone : 'America/New_York'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return zone
  } catch {
    return 'UTC'
  }
}

export { zonedTimeToEpoch } from '../../shared/index'
