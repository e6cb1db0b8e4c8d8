/** The local captcha widget (islands/captcha/local.ts); the real one brings its own look. */
export const CAPTCHA_CSS = `
.local-captcha{display:inline-flex;align-items:center;padding:.75rem 1rem;border:1px solid #d3d3d3;border-radius:3px;background:#f9f9f9;color:#1d1d1b}
.local-captcha--compact{padding:.5rem .6rem;font-size:.9rem}
.local-captcha--dark{background:#222;color:#fff;border-color:#555}
.local-captcha label{display:flex;align-items:center;gap:.6rem}
.local-captcha input{width:1.5rem;height:1.5rem}
`
