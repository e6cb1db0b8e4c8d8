/** The pages a request ends on when it finds nothing, or something broken. */
import type { Tenant } from '../context'
import { Document } from './document'
import { plainHtmlResponse, renderDocument } from './render'

/** No tenant owns this hostname. The page must not reveal any tenant, so it is fixed text. */
export function unknownHostResponse(): Response {
  return plainHtmlResponse(404, 'Website not found', 'There is no website at this address.')
}

/** A tenant record failed its schema: the shopper sees an apology, the operator a log line. */
export function brokenSiteResponse(): Response {
  return plainHtmlResponse(
    500,
    'This page could not be loaded',
    'Something went wrong on our side. Please try again in a few minutes.',
  )
}

/** A path the tenant has no page for, in the tenant's own frame. */
export function notFoundPage(tenant: Tenant): Promise<Response> {
  return renderDocument(
    <Document tenant={tenant} title="Page not found" path={null}>
      <section className="status-page">
        <h1>Page not found</h1>
        <p>We couldn’t find the page you were looking for.</p>
        <p>
          <a href="/">Return to the home page</a>
        </p>
      </section>
    </Document>,
    { status: 404 },
  )
}
