/**
 * Product reviews: `{@|product-reviews}` on a product page prints the list as this island, and
 * `{@|product-reviews-summary}` the summary (plain markup: nothing in it waits for the shopper).
 * The first page is in the server HTML (the page route read it), so no script runs before the
 * shopper asks for more; 'See More Reviews' or a click outside a lightbox brings React.
 */
import { defineIsland, Placement } from '../define'
import { pageReviewsOf, productReviewsProps } from './server'
import { type ProductReviewsProps, ProductReviewsView, ReviewSummaryView, reviewExtras } from './view'

/** The server render: the view in its first state, as the client's first render. */
function ProductReviewsIsland(props: ProductReviewsProps) {
  return (
    <ProductReviewsView
      props={props}
      state={{ reviews: props.reviews, nextPage: props.nextPage, loading: false }}
    />
  )
}

export default defineIsland({
  name: 'product-reviews',
  View: ProductReviewsIsland,
  hydrate: 'interaction',
  formatters: {
    'product-reviews': (item, _args, scope) => productReviewsProps(item, scope),
    'product-reviews-summary': (item, _args, scope) => {
      const page = pageReviewsOf(item, scope)
      if (page === null) return null
      const { product, store } = page.summary
      return Placement.staticView<ProductReviewsProps>(
        <ReviewSummaryView product={product} store={store} />,
        `${product.count} ${product.average} ${store.count}`,
      )
    },
  },
  // The first page is in the HTML: the marker carries only what its text does not say (client.tsx reads it back).
  markerProps: ({ reviews, ...props }) => ({ ...props, first: reviews.map(reviewExtras) }),
})
