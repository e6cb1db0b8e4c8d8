/**
 * The captcha step every public write shares (storefront.md section 5: a captcha must be
 * completed before submission): shown only when the website has a captcha site key, and then
 * the token must be present and genuine before anything is stored.
 */

import type { Site } from '../catalogue/records'
import type { Env } from '../env'
import { captchaVerifier } from '../providers/captcha'

/** The website's captcha site key, or null when it has none (no captcha is shown then). */
export function captchaSiteKey(site: Site): string | null {
  return site.website.captchaSettings?.siteKey || null
}

/** Whether the shopper passed the captcha: a token the provider accepts (only called when one is shown). */
export async function captchaPassed(
  env: Env,
  token: string | null | undefined,
  request: Request,
): Promise<boolean> {
  if (!token) return false
  return captchaVerifier(env).verify(token, request.headers.get('CF-Connecting-IP'))
}
