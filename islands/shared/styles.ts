/** CSS of the dialogs islands share, shipped with each island that opens them. */
/** The dialog's CSS (shipped with the islands that open it). */
export const ADDITIONAL_FIELDS_CSS = `
.sf-fields-dialog{width:min(32rem,calc(100vw - 2rem));max-height:calc(100vh - 2rem);padding:1.25rem 1.5rem;border:0;border-radius:8px}
.sf-fields-dialog::backdrop{background:rgb(0 0 0/.45)}
.sf-fields-title{margin:0 0 1rem;font-size:1.2rem}
.sf-fields-field{margin:0 0 1rem}
.sf-fields-label{display:block;margin:0 0 .25rem;font-weight:600}
.sf-fields-description,.sf-fields-counter{margin:.15rem 0;color:#5b5a55;font-size:.9rem}
.sf-fields-field input:not([type=radio],[type=checkbox]),.sf-fields-field select,.sf-fields-field textarea{width:100%;min-height:2.5rem;padding:.4rem;font:inherit}
.sf-fields-choice{display:flex;align-items:center;gap:.5rem;min-height:2rem}
.sf-fields-name{display:grid;grid-template-columns:1fr 1fr;gap:.5rem}
.sf-fields-error{margin:.25rem 0 0;color:#a3261b;font-weight:600}
.sf-fields-actions{display:flex;justify-content:flex-end;gap:.75rem}
.sf-fields-actions button{min-height:2.5rem;padding:0 1rem;font:inherit;cursor:pointer}
`

/** The alert's CSS (with the island that shows it). */
export const ALERT_DIALOG_CSS = `
.sf-alert{max-width:min(28rem,calc(100vw - 2rem));padding:1.25rem 1.5rem;border:0;border-radius:8px;box-shadow:0 10px 30px rgb(0 0 0/.25)}
.sf-alert::backdrop{background:rgb(0 0 0/.45)}
.sf-alert-title{margin:0 0 .5rem;font-size:1.15rem}
.sf-alert-close{min-width:6rem;min-height:2.5rem;margin-top:.5rem;font:inherit;cursor:pointer}
`
