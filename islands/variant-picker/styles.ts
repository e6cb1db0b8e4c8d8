import { ADDITIONAL_FIELDS_CSS, ALERT_DIALOG_CSS } from '../parts/styles'

/**
 * The checkout block (variants, quantity, add-to-cart button); inlined on pages that carry it.
 * One visible control per option: pill-shaped radio buttons, or the dropdown where the store
 * asks for it (`storeSettings.variantPickerStyle`). With pills the dropdown is visually hidden
 * and out of the tab order (view.tsx); with the dropdown the pills are `hidden`. The native radio circle is visually hidden
 * but stays focusable: its label is the pill, and the focus ring follows it there. Colours and
 * shapes are the theme's custom properties (worker/render/theme.ts).
 */
export const VARIANT_PICKER_CSS = `
.product-checkout-form{display:flex;flex-direction:column;gap:1.25rem;margin:0}
.product-variants{display:grid;gap:1.1rem}
.variant-option{display:grid;gap:.45rem}
.variant-option-title,.quantity-label{font-size:.9rem;font-weight:600}
.variant-select-wrapper select{width:100%;max-width:22rem}
.variant-radiobtn-wrapper{position:relative;display:flex;flex-wrap:wrap;gap:.5rem;min-width:0;margin:0;padding:0;border:0}
.variant-radiobtn-wrapper[hidden],.variant-select-wrapper[hidden]{display:none}
.variant-radiobtn{position:absolute;width:1px;height:1px;margin:0;opacity:0;pointer-events:none}
.variant-radiobtn-wrapper label{display:inline-flex;align-items:center;justify-content:center;min-width:3rem;min-height:2.75rem;padding:.45rem 1.1rem;border:1px solid var(--c-field);border-radius:999px;background:var(--c-surface);color:var(--c-text);font-size:.95rem;cursor:pointer;transition:border-color .15s}
.variant-radiobtn-wrapper label:hover{border-color:var(--c-text)}
.variant-radiobtn:checked+label,.variant-radiobtn-wrapper label[aria-pressed=true]{border-color:var(--c-text);background:var(--c-text);color:var(--c-bg)}
.variant-radiobtn:focus-visible+label{outline:3px solid var(--c-accent);outline-offset:2px}
.variant-radiobtn-wrapper label[data-unavailable]{border-style:dashed;color:var(--c-muted);text-decoration:line-through}
.product-variant-sold-out{margin:.25rem 0 0;font-weight:600}
.product-quantity-input{display:grid;justify-items:start;gap:.45rem}
.product-quantity-input>input{width:6.5rem}
.quantity-stepper{display:inline-flex;align-items:stretch;border:1px solid var(--c-field);border-radius:var(--r-btn);background:var(--c-surface);overflow:hidden}
.quantity-stepper input{width:3.5rem;min-height:2.75rem;padding:0;border:0;border-radius:0;text-align:center;-moz-appearance:textfield;appearance:textfield}
.quantity-stepper input::-webkit-inner-spin-button,.quantity-stepper input::-webkit-outer-spin-button{-webkit-appearance:none;margin:0}
.quantity-step{min-width:2.75rem;padding:0;border:0;background:transparent;color:var(--c-text);font:inherit;font-size:1.25rem;cursor:pointer}
.quantity-step:hover{background:var(--c-soft)}
.quantity-stepper :focus-visible{outline-offset:-3px}
.sqs-add-to-cart-button-wrapper{display:grid}
.sqs-add-to-cart-button{width:100%;min-height:3.25rem;font-size:1.05rem}
.sqs-add-to-cart-button[data-state=adding]{opacity:.75;cursor:progress}
${ADDITIONAL_FIELDS_CSS}${ALERT_DIALOG_CSS}`
