/** The restock sign-up forms: their layout and message states; the theme styles the rest. */
import { CAPTCHA_CSS } from '../captcha/styles'

export const RESTOCK_NOTIFICATION_CSS = `
.product-restock-notification{display:grid;gap:.5rem;margin:1rem 0;padding:1rem;border:1px solid #d9d5cc;border-radius:6px}
.product-restock-notification[hidden]{display:none}
.product-restock-form{display:grid;gap:.5rem}
.product-restock-form input[type=email]{box-sizing:border-box;width:100%;min-height:2.75rem;padding:.5rem .65rem;border:1px solid #767676;border-radius:4px;font:inherit}
.product-restock-form button{justify-self:start;min-height:2.75rem;padding:.6rem 1.5rem;border:0;border-radius:4px;background:#1d1d1b;color:#fff;font:inherit;cursor:pointer}
.product-restock-form button[disabled]{opacity:.7;cursor:progress}
.product-restock-mailing-list{display:flex;align-items:center;gap:.5rem}
.product-restock-message{margin:0}
.product-restock-message:empty{display:none}
.product-restock-message.error{color:#a4161a;font-weight:600}
.product-restock-message.success{font-weight:600}
${CAPTCHA_CSS}`
