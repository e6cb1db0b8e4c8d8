/**
 * What the public form island needs beyond the theme: the layout of its fields and parts, the
 * error and counter states, the address suggestions and the local captcha. Colours pass WCAG
 * AA on white; the theme (issue #11) styles the rest through the stable class names.
 */
import { CAPTCHA_CSS } from '../captcha/styles'

export const PUBLIC_FORM_CSS = `
.sqs-form{display:grid;gap:1rem;max-width:40rem}
.sqs-form[hidden]{display:none}
.sqs-form .form-item{display:grid;gap:.35rem}
.sqs-form .form-fields{display:grid;gap:1.25rem}
.sqs-form fieldset{margin:0;padding:0;border:0;min-width:0;display:grid;gap:.35rem}
.sqs-form legend{padding:0}
.sqs-form .title{font-weight:600}
.sqs-form .required{color:#a4161a}
.sqs-form .section.underline .form-section-title{padding-bottom:.35rem;border-bottom:1px solid currentColor}
.sqs-form .description{margin:0;color:#555;font-size:.9rem}
.sqs-form input[type=text],.sqs-form input[type=email],.sqs-form input[type=url],.sqs-form input[type=password],.sqs-form select,.sqs-form textarea{box-sizing:border-box;width:100%;min-height:2.75rem;padding:.5rem .65rem;border:1px solid #767676;border-radius:4px;font:inherit;background:#fff;color:inherit}
.sqs-form textarea{min-height:8rem;resize:vertical}
.sqs-form .field-input{display:flex;align-items:center;gap:.35rem}
.sqs-form .field-parts{display:grid;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));gap:.5rem}
.sqs-form .date .field-parts,.sqs-form .time .field-parts,.sqs-form .phone .field-parts{grid-template-columns:repeat(auto-fit,minmax(5rem,1fr))}
.sqs-form .part{display:grid;gap:.2rem;font-size:.9rem;position:relative}
.sqs-form .option{display:flex;align-items:center;gap:.5rem;min-height:2rem}
.sqs-form .likert-question{margin-top:.25rem}
.sqs-form .likert-answers{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.sqs-form .error input,.sqs-form .error select,.sqs-form .error textarea{border-color:#a4161a}
.sqs-form .field-error,.sqs-form .form-error,.sqs-form .form-problem{margin:0;color:#a4161a;font-weight:600}
.sqs-form .character-counter{margin:0;font-size:.85rem;color:#555;text-align:right}
.sqs-form .character-counter.over{color:#a4161a;font-weight:600}
.sqs-form .form-messages:empty{display:none}
.sqs-form .form-messages:focus{outline:none}
.sqs-form .form-button-wrapper button{min-height:2.75rem;padding:.6rem 1.5rem;border:0;border-radius:4px;background:#1d1d1b;color:#fff;font:inherit;cursor:pointer}
.sqs-form .form-button-wrapper button[disabled]{opacity:.7;cursor:progress}
.sqs-form .captcha-center{justify-self:center}.sqs-form .captcha-right{justify-self:end}
.sqs-form .form-disclaimer{margin:0;font-size:.85rem;color:#555}
.form-submission:focus{outline:none}
.form-submission-text{font-weight:600}
.address-suggestions{position:absolute;z-index:5;top:100%;left:0;min-width:min(22rem,90vw);margin:0;padding:.25rem 0;list-style:none;background:#fff;border:1px solid #767676;border-radius:4px;box-shadow:0 .5rem 1rem rgba(0,0,0,.15)}
.address-suggestions[hidden]{display:none}
.address-suggestions [role=option]{padding:.5rem .65rem;cursor:pointer}
.address-suggestions [aria-selected=true]{background:#1d4e89;color:#fff}
${CAPTCHA_CSS}`
