/** The shop's records: orders, form submissions, restock sign-ups, reviews (issue 23), reached through `shared/editing-areas`. */
export const RECORDS_TEXT = {
  ordersTitle: 'Orders',
  submissionsTitle: 'Form Submissions',
  restockTitle: 'Restock Sign-ups',
  reviewsTitle: 'Reviews',
} as const
