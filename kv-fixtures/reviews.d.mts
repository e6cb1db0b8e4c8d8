export interface FixtureReview {
  id: string
  productId: string
  starRating: string
  text: string
  reviewDate: number
  sourceType?: string
  importedProductName?: string
  importedProductImageUrls?: string[]
  etsyImageUrls?: string[]
  importedImageUrls?: string[]
  firstName?: string
  lastName?: string
  loginName?: string
  userName?: string
}
export function readReviews(dir?: string): { siteId: string; review: FixtureReview }[]
export function reviewsSql(rows: { siteId: string; review: FixtureReview }[]): string
