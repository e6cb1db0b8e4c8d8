/** The checkout form's layout (the theme styles the rest). */
export const CHECKOUT_FORM_CSS = `
.checkout-form fieldset{margin:0 0 1.5rem;padding:0;border:0}
.checkout-form legend{font-weight:700;font-size:1.1rem;margin-bottom:.5rem}
.checkout-field{margin:0 0 .85rem}
.checkout-field label{display:block;font-weight:600;margin-bottom:.2rem}
.checkout-field input,.checkout-field select{width:100%;max-width:28rem;min-height:2.75rem;padding:.4rem .6rem;font:inherit}
.checkout-field[data-invalid] input,.checkout-field[data-invalid] select{border:2px solid #a3261b}
.checkout-error,.checkout-form-error{margin:.25rem 0 0;color:#a3261b;font-weight:600}
.checkout-form-error{margin:0 0 1rem}
.checkout-test-cards{margin-top:.5rem;padding:.75rem 1rem;background:#f3f1ea;font-size:.9rem}
.checkout-test-cards ul{margin:.25rem 0 0;padding-left:1.2rem}
.checkout-submit{min-height:3rem;padding:0 2.5rem;border:0;border-radius:var(--r-btn,4px);background:var(--c-accent,#1d1d1b);color:var(--c-on-accent,#fff);font:inherit;font-weight:600;cursor:pointer}
`
