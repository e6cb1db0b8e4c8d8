/** Comments: the thread (replies indented one level), the order control, the form. */
export const COMMENTS_CSS = `
.own-comments{display:grid;gap:1rem;margin:2rem 0}
.comments-header{min-height:2.75rem;display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:.5rem 1rem}
.comments-heading{margin:0;font-size:1.35rem}
.comments-sort select{min-height:2.75rem;font:inherit}
.comments-list,.comment-replies{list-style:none;margin:0;padding:0;display:grid;gap:1rem}
.comment-replies{margin:1rem 0 0 1.25rem;padding-left:1rem;border-left:2px solid #e4e0d7}
.comment-body{display:grid;gap:.35rem}
.comment-meta{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline;font-size:.9rem;color:#555}
.comment-author{font-weight:600;color:#1d1d1b;overflow-wrap:anywhere}
.comment-member{padding:0 .4rem;border:1px solid #767676;border-radius:999px;font-size:.8rem}
.comment-text{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.comment-actions{display:flex;gap:1rem}
.comment-action{min-height:2.75rem;padding:.3rem 0;border:0;background:none;color:#1d4e89;font:inherit;text-decoration:underline;cursor:pointer}
.comments-more{justify-self:start;display:inline-block;min-height:2.75rem;padding:.6rem 1.25rem;border:1px solid #1d1d1b;border-radius:4px;color:#1d1d1b;text-decoration:none}
.comment-form{display:grid;gap:.5rem;max-width:40rem}
.comment-form-row{display:grid;gap:.5rem}
.comment-captcha{min-height:78px}
.comment-form input,.comment-form textarea{width:100%;box-sizing:border-box;min-height:2.75rem;padding:.5rem;border:1px solid #767676;border-radius:4px;font:inherit}
.comment-submit{justify-self:start;min-height:2.75rem;padding:.6rem 1.25rem;border:0;border-radius:4px;background:#1d1d1b;color:#fff;font:inherit;cursor:pointer}
.comment-submit[disabled]{opacity:.6}
.comments-note,.comment-replying,.comment-posted{margin:0;color:#555}
.comment-error{margin:0;color:#a4161a}
.comment-action:focus-visible,.comments-more:focus-visible,.comment-submit:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
/* Without script the thread is for reading (the island posts): no form, no Reply. */
@media (scripting:none){.own-comments .comment-form,.own-comments .comment-actions{display:none}}
`
