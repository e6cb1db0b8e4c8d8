/** CSS of the dialogs islands share, shipped with each island that opens them. */
/** The dialog's CSS (shipped with the islands that open it). */
export const ADDITIONAL_FIELDS_CSS = `
.sf-fields-dialog{box-sizing:border-box;width:min(34rem,calc(100vw - 1.5rem));max-height:calc(100dvh - 1.5rem);padding:1.5rem;border:0;border-radius:var(--r-card,8px);background:var(--c-surface,#fff);color:var(--c-text,#1d1d1b);box-shadow:0 12px 40px rgb(0 0 0/.25)}
.sf-fields-dialog::backdrop{background:rgb(0 0 0/.5)}
.sf-fields-title{margin:0;font-size:1.3rem}
.sf-fields-form .form-fields{display:grid;gap:1.1rem}
.sf-fields-form fieldset{margin:0;padding:0;border:0;min-width:0;display:grid;gap:.35rem}
.sf-fields-form legend{padding:0}
.sf-fields-form .field-parts{display:grid;grid-template-columns:repeat(auto-fit,minmax(7rem,1fr));gap:.5rem}
.sf-fields-form .part{display:grid;gap:.2rem;font-size:.9rem}
.sf-fields-form .likert-answers{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.sf-fields-form input:not([type=radio],[type=checkbox]),.sf-fields-form select,.sf-fields-form textarea{box-sizing:border-box;min-height:2.75rem}
.sf-fields-form textarea{min-height:6rem;resize:vertical}
.sf-fields-form .field>label{margin:0;font-size:1rem}
.sf-fields-form .field-error{margin:0;color:#a3261b;font-weight:600}
.sf-fields-form .error input,.sf-fields-form .error select,.sf-fields-form .error textarea{border-color:#a3261b}
.sf-fields-form .character-counter{margin:0;font-size:.85rem;color:var(--c-muted,#5b5a55);text-align:right}
.sf-fields-form .character-counter.over{color:#a3261b;font-weight:600}
.sf-fields-actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:.75rem}
.sf-fields-actions button{min-height:2.75rem}
.sf-fields-cancel{padding:.6rem 1.4rem;border:2px solid var(--c-accent,#1d1d1b);border-radius:var(--r-btn,4px);background:transparent;color:var(--c-accent,#1d1d1b);font:600 1rem/1.2 var(--f-body,inherit);cursor:pointer}
`

/** The alert's CSS (with the island that shows it). */
export const ALERT_DIALOG_CSS = `
.sf-alert{max-width:min(28rem,calc(100vw - 2rem));padding:1.25rem 1.5rem;border:0;border-radius:8px;box-shadow:0 10px 30px rgb(0 0 0/.25)}
.sf-alert::backdrop{background:rgb(0 0 0/.45)}
.sf-alert-title{margin:0 0 .5rem;font-size:1.15rem}
.sf-alert-close{min-width:6rem;min-height:2.5rem;margin-top:.5rem;font:inherit;cursor:pointer}
`
