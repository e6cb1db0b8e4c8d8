// Reads the demo tenants' product reviews (`reviews/<siteId>.json` below a fixtures folder)
// for D1: `npm start` / `npm run seed` write them with SQL (scripts/seed.ts), the worker tests
// through the D1 binding (tests/setup/worker-state.ts).
//
// A file holds a JSON array of reviews in the API's shape (worker/db/product-reviews.ts
// `ReviewSeed`), with `reviewDate` as an ISO date (`2026-04-18`, noon UTC). A review with
// `"copies": N` stands for N reviews with ids `<id>-0001`… and dates a day apart (a store with
// more than 999 reviews without a thousand lines of fixture).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIXTURES_DIR } from './fixtures.mjs'

const DAY_MS = 86_400_000

/** Every review below `dir`'s `reviews/` folder as `{ siteId, review }`, copies expanded. */
export function readReviews(dir = FIXTURES_DIR) {
  const folder = join(dir, 'reviews')
  if (!existsSync(folder)) return []
  const rows = []
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json')).sort()) {
    const siteId = file.slice(0, -'.json'.length)
    let reviews
    try {
      reviews = JSON.parse(readFileSync(join(folder, file), 'utf8'))
    } catch (error) {
      throw new Error(`reviews/${file} is not valid JSON: ${error.message}`)
    }
    for (const { copies, ...review } of reviews) {
      const date = Date.parse(`${review.reviewDate}T12:00:00Z`)
      if (Number.isNaN(date)) throw new Error(`reviews/${file}: ${review.id} has no reviewDate like 2026-04-18`)
      const count = copies ?? 1
      for (let n = 1; n <= count; n++) {
        const id = copies === undefined ? review.id : `${review.id}-${String(n).padStart(4, '0')}`
        rows.push({ siteId, review: { ...review, id, reviewDate: date - (n - 1) * DAY_MS } })
      }
    }
  }
  return rows
}

const text = (value) => (value === undefined || value === null ? 'NULL' : `'${String(value).replaceAll("'", "''")}'`)
const list = (value) => (value === undefined ? 'NULL' : text(JSON.stringify(value)))

/** SQL that makes the fixture sites' reviews exactly `rows` (their other reviews are removed). */
export function reviewsSql(rows) {
  const sites = [...new Set(rows.map((row) => row.siteId))]
  const statements = sites.map((site) => `DELETE FROM product_reviews WHERE site_id = ${text(site)};`)
  for (const { siteId, review: r } of rows) {
    statements.push(
      'INSERT OR REPLACE INTO product_reviews (id, site_id, product_id, star_rating, text, review_date, source_type, ' +
        'imported_product_name, imported_product_image_urls, imported_image_urls, first_name, last_name, login_name, user_name) VALUES (' +
        [
          text(r.id),
          text(siteId),
          text(r.productId),
          text(r.starRating),
          text(r.text),
          String(r.reviewDate),
          text(r.sourceType),
          text(r.importedProductName),
          list(r.importedProductImageUrls ?? r.etsyImageUrls),
          list(r.importedImageUrls),
          text(r.firstName),
          text(r.lastName),
          text(r.loginName),
          text(r.userName),
        ].join(', ') +
        ');',
    )
  }
  return `${statements.join('\n')}\n`
}
