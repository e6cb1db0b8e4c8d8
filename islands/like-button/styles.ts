/** The like button: a pill with a heart and the count; pressed once the visitor liked. */
export const LIKE_BUTTON_CSS = `
.sqs-simple-like{display:inline-flex;align-items:center;gap:.5rem}
.sqs-simple-like-form{margin:0}
.sqs-simple-like-button{display:inline-block;min-height:2.75rem;padding:.4rem 1rem;line-height:1.85rem;white-space:nowrap;border:1px solid #767676;border-radius:999px;background:#fff;color:#1d1d1b;font:inherit;cursor:pointer}
.sqs-simple-like-button .like-icon{color:#a4161a}
.sqs-simple-like-button.liked{background:#fbe9e9;border-color:#a4161a}
.sqs-simple-like-button:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
.sqs-simple-like-message{color:#a4161a;font-size:.9rem}
`
