import { ADDITIONAL_FIELDS_CSS, ALERT_DIALOG_CSS } from '../parts/styles'

/** The amounts, the shipping estimate and the code forms (issue 25): the cart page and the checkout's summary. */
export const AMOUNTS_CSS = `
.cart-amounts{display:grid;grid-template-columns:1fr auto;gap:.25rem 1.5rem;margin:0;text-align:right;width:100%;max-width:28rem;justify-self:end}
.cart-amounts dd{margin:0}.amount-total-term,.amount-total{font-weight:600;font-size:1.1rem}
.amount-tax-included{grid-column:1/-1;color:var(--c-muted,#5b5a55);font-size:.9rem}
.cart-shipping,.cart-coupons{display:grid;gap:.5rem;width:100%;max-width:28rem;justify-self:end}
.cart-shipping fieldset:first-of-type{display:grid;grid-template-columns:auto 1fr;gap:.5rem;align-items:center;border:0;padding:0;margin:0}
.shipping-options{display:grid;gap:0;border:0;padding:0;margin:1rem 0 0}
.cart-shipping legend,.shipping-options legend{font-weight:600;padding:0;margin-bottom:.25rem}
.shipping-option{display:flex;gap:.5rem;align-items:center;min-height:2.75rem}
.cart-shipping input,.cart-shipping select,.cart-coupon-form input{min-height:2.75rem;font:inherit;min-width:0}
.cart-coupon-form{display:grid;grid-template-columns:auto 1fr auto;gap:.5rem;align-items:center}
.cart-shipping button,.cart-coupons button{min-height:2.75rem;padding:0 1rem;border:1px solid var(--c-field,#8a877f);border-radius:var(--r-btn,4px);background:var(--c-surface,#fff);color:var(--c-text,#1d1d1b);font:inherit;cursor:pointer}
.cart-shipping button{justify-self:end}
.cart-coupon-list{list-style:none;margin:0;padding:0}.cart-coupon-list form{display:flex;gap:.5rem;align-items:center}
.cart-coupon-error,.cart-shipping-problem{margin:.25rem 0;color:#a3261b;font-weight:600}
.checkout-summary .cart-amounts,.checkout-summary .cart-coupons{max-width:none;margin-top:1rem}
`

/** The cart page's layout (the theme styles the rest). */
export const CART_CSS = `
.cart-page{text-align:left}
.cart-page .page-title,.cart-page .cart-count,.cart-page .empty-message{text-align:center}
.cart-entries{list-style:none;margin:0;padding:0}
.cart-entry{display:grid;grid-template-columns:6rem 1fr auto;gap:.5rem 1rem;align-items:start;padding:1rem 0;border-bottom:1px solid var(--c-line,#e4e1da)}
.cart-entry-image{width:6rem;height:auto;aspect-ratio:4/5;object-fit:cover;background:#eee}
.cart-entry-options,.cart-entry-fields{margin:.25rem 0;padding:0;list-style:none;color:var(--c-muted,#5b5a55);font-size:.9rem}
.cart-entry-fields dt{font-weight:600}.cart-entry-fields dd{margin:0 0 .25rem}
.cart-entry-quantity{display:flex;align-items:center;gap:.5rem;grid-column:2}
.cart-entry-quantity input{width:5rem;min-height:2.5rem;font:inherit}
.cart-entry-quantity button,.cart-entry-remove button,.cart-entry-edit{min-height:2.75rem;min-width:2.75rem;padding:0 1rem;border:1px solid var(--c-field,#8a877f);border-radius:var(--r-btn,4px);background:var(--c-surface,#fff);color:var(--c-text,#1d1d1b);font:inherit;cursor:pointer}
.cart-entry-quantity button:hover,.cart-entry-remove button:hover,.cart-entry-edit:hover{border-color:var(--c-text,#1d1d1b)}
.cart-entry-remove{grid-column:3;grid-row:1}
.cart-entry-total{grid-column:3;font-weight:600;margin:0}
.cart-entry-error{grid-column:1/-1;margin:0;color:#a3261b;font-weight:600}
.cart-summary{display:grid;justify-items:end;gap:.5rem;margin-top:1.5rem}
.cart-subtotal{font-size:1.15rem;font-weight:600;margin:0}
.cart-checkout-button{display:inline-flex;align-items:center;justify-content:center;min-height:3rem;padding:0 2.5rem;border-radius:var(--r-btn,4px);background:var(--c-accent,#1d1d1b);color:var(--c-on-accent,#fff);text-decoration:none;font-weight:600}
.cart-checkout-button:hover{filter:brightness(1.15)}
@media (max-width:432px){.cart-entry{grid-template-columns:4.5rem 1fr}.cart-entry-image{width:4.5rem}.cart-entry-quantity,.cart-entry-remove,.cart-entry-total{grid-column:2;grid-row:auto}}
${ADDITIONAL_FIELDS_CSS}${ALERT_DIALOG_CSS}${AMOUNTS_CSS}`
