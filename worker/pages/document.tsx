/**
 * The document shell every tenant page shares: `<head>` (title, description, canonical URL),
 * the site header with its navigation, the page, the footer.
 */
import type { ReactNode } from 'react'
import type { Tenant } from '../context'
import { SHELL_CSS } from './shell-css'

export interface DocumentProps {
  tenant: Tenant
  /** Page title; the site title is appended. */
  title: string
  description?: string
  /** Site-relative path of the canonical URL; null for pages that have none (404). */
  path: string | null
  children: ReactNode
}

export function Document({ tenant, title, description, path, children }: DocumentProps) {
  const { website } = tenant.site
  const fullTitle = title === website.siteTitle ? title : `${title} — ${website.siteTitle}`
  return (
    <html lang={website.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        {(description ?? website.siteDescription) && (
          <meta name="description" content={description ?? website.siteDescription} />
        )}
        {path !== null && <link rel="canonical" href={new URL(path, tenant.origin).href} />}
        <style>{SHELL_CSS}</style>
      </head>
      <body>
        <header className="site-header">
          <a className="site-title" href="/">
            {website.siteTitle}
          </a>
          <nav aria-label="Main">
            <ul>
              {tenant.site.navigation.map((link) => (
                <li key={link.url}>
                  <a href={link.url} aria-current={link.url === path ? 'page' : undefined}>
                    {link.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main id="content">{children}</main>
        <footer className="site-footer">
          <p>
            © {website.siteTitle}
            {tenant.site.storeSettings && ` · Prices in ${tenant.site.storeSettings.selectedCurrency}`}
          </p>
        </footer>
      </body>
    </html>
  )
}
