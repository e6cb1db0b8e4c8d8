/** The variant picker: options in sync, unavailable values, the sold-out notice; inlined on pages that carry it. */
export const VARIANT_PICKER_CSS = `
.product-variants{margin:1rem 0}
.variant-option{margin:0 0 .75rem}
.variant-option-title{font-weight:600}
.variant-select-wrapper select{width:100%;max-width:20rem;padding:.4rem;font:inherit}
.variant-radiobtn-wrapper{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .5rem;margin-top:.4rem}
.variant-radiobtn-wrapper label{padding:.15rem .6rem;border:1px solid #c9c5bb;border-radius:4px;cursor:pointer}
.variant-radiobtn:checked+label{border-color:#1d1d1b;background:#1d1d1b;color:#fff}
.variant-radiobtn-wrapper label[data-unavailable]{text-decoration:line-through;color:#5b5a55}
.variant-radiobtn-wrapper label:focus-visible,.variant-select-wrapper select:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
.product-variant-sold-out{margin:.5rem 0;font-weight:600;color:#a3261b}
`
