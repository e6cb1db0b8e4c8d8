import { ADDITIONAL_FIELDS_CSS, ALERT_DIALOG_CSS } from '../shared/styles'

/**
 * The variant picker's minimal CSS, inlined on pages that carry it (the theme styles the rest):
 * pill-shaped option labels over visually hidden (still focusable) radio buttons, the option
 * control the store does not use hidden, the quantity stepper, the primary button and its
 * states, the dialogs.
 */
export const VARIANT_PICKER_CSS = `
.product-variants{margin:1rem 0}
.variant-option{margin:0 0 .75rem}
.variant-option-title{font-weight:600}
.variant-select-wrapper select{width:100%;max-width:20rem;min-height:2.75rem;padding:.4rem;font:inherit}
.variant-radiobtn-wrapper{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:.4rem 0 0;padding:0;border:0;min-width:0}
.variant-radiobtn-wrapper[hidden],.variant-select-wrapper[hidden]{display:none}
.variant-radiobtn{position:absolute;opacity:0;width:1px;height:1px;margin:0}
.variant-radiobtn-wrapper label{display:inline-flex;align-items:center;min-height:2.5rem;min-width:2.75rem;justify-content:center;padding:.25rem 1rem;border:1px solid #c9c5bb;border-radius:999px;cursor:pointer}
.variant-radiobtn:checked+label{border-color:#1d1d1b;background:#1d1d1b;color:#fff}
.variant-radiobtn-wrapper label[data-unavailable]{text-decoration:line-through;color:#5b5a55}
.variant-radiobtn:focus-visible+label,.variant-select-wrapper select:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
.product-variant-sold-out{margin:.5rem 0;font-weight:600;color:#a3261b}
.product-quantity-input{margin:0 0 1rem}
.quantity-label{display:block;font-weight:600;margin-bottom:.25rem}
.quantity-stepper{display:inline-flex;align-items:stretch;border:1px solid #c9c5bb;border-radius:4px}
.quantity-stepper input{width:4.5rem;min-height:2.75rem;border:0;text-align:center;font:inherit;-moz-appearance:textfield}
.quantity-stepper input::-webkit-inner-spin-button,.quantity-stepper input::-webkit-outer-spin-button{-webkit-appearance:none;margin:0}
.quantity-step{min-width:2.75rem;border:0;background:none;font:inherit;font-size:1.2rem;cursor:pointer}
.sqs-add-to-cart-button{display:inline-flex;align-items:center;justify-content:center;min-width:12rem;min-height:3rem;padding:0 2rem;border:0;border-radius:4px;background:#1d1d1b;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.sqs-add-to-cart-button[data-state=adding]{opacity:.75;cursor:progress}
.sqs-add-to-cart-button:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
${ADDITIONAL_FIELDS_CSS}${ALERT_DIALOG_CSS}`
