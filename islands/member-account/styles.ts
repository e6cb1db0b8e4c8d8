/** The member account panel: the sign-in form and the signed-in bar; inlined on pages that carry it. */
export const MEMBER_ACCOUNT_CSS = `
.member-account{max-width:24rem;margin:1.5rem auto;text-align:left}
.member-account--signed-in{max-width:none;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;margin:0 0 1.5rem;padding:.6rem .9rem;border:1px solid #d9d5cc;border-radius:6px}
.member-account--signed-in p{margin:0}
.member-sign-in-field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 .9rem}
.member-sign-in-field input{padding:.5rem;font:inherit;border:1px solid #8a877f;border-radius:4px}
.member-sign-in-remember{display:flex;align-items:center;gap:.4rem;margin:0 0 1rem}
.member-account button{padding:.55rem 1.2rem;font:inherit;border:0;border-radius:4px;background:#1d1d1b;color:#fff;cursor:pointer}
.member-account button:disabled{opacity:.7;cursor:progress}
.member-account input:focus-visible,.member-account button:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
.member-account-error{margin:0 0 1rem;padding:.5rem .75rem;border-left:4px solid #a3261b;background:#fbeeec;color:#7a1c14}
.member-account-denied{font-weight:600}
`
