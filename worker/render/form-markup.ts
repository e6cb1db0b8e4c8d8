/**
 * A public form's markup from its definition (storefront.md section 3, form field types). The
 * fields, labels and constraints a shopper sees; submission (validation messages, the
 * submission key, captcha) is wired by the forms API.
 */
import { escapeHtmlAttribute as attr, escapeHtml as html } from '../../templates/shared'
import type { Form } from '../records'

type Field = Form['fields'][number]

const INPUT_TYPES: Record<string, string> = {
  text: 'text',
  email: 'email',
  website: 'url',
  number: 'number',
  currency: 'number',
  password: 'password',
  twitter: 'text',
  phone: 'tel',
  date: 'date',
  time: 'time',
}

/** Multi-part fields and their parts (storefront.md section 3, "Summary field values"). */
const PARTS: Record<string, readonly string[]> = {
  name: ['First', 'Last'],
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
}

function label(field: Field, forId: string | null): string {
  const required = field.required ? ' <span class="required" aria-hidden="true">*</span>' : ''
  const text = `${html(field.title)}${required}`
  return forId
    ? `<label class="title" for="${attr(forId)}">${text}</label>`
    : `<legend class="title">${text}</legend>`
}

function description(field: Field): string {
  return field.description ? `<p class="description">${html(field.description)}</p>` : ''
}

function control(field: Field, formId: string): string {
  const id = `${formId}-${field.id}`
  const name = attr(field.id)
  const required = field.required ? ' required aria-required="true"' : ''
  const placeholder = field.placeholder ? ` placeholder="${attr(field.placeholder)}"` : ''
  switch (field.type) {
    case 'section':
      return `<div class="form-section"><h3>${html(field.title)}</h3>${description(field)}</div>`
    case 'hidden':
      return `<input type="hidden" name="${name}" value="">`
    case 'textarea': {
      const max = field.maxLength
        ? ` maxlength="${field.maxLength}" data-max-length="${field.maxLength}"`
        : ''
      return `<div class="form-item field textarea">${label(field, id)}${description(field)}<textarea id="${attr(id)}" name="${name}"${placeholder}${required}${max}></textarea></div>`
    }
    case 'select': {
      const options = (field.options ?? [])
        .map((o) => `<option value="${attr(o)}">${html(o)}</option>`)
        .join('')
      return `<div class="form-item field select">${label(field, id)}${description(field)}<select id="${attr(id)}" name="${name}"${required}><option value="">Select an option</option>${options}</select></div>`
    }
    case 'radio':
    case 'checkbox': {
      const choices = (field.options ?? [])
        .map((o, i) => {
          const choiceId = `${id}-${i}`
          return `<div class="option"><input type="${field.type}" id="${attr(choiceId)}" name="${name}" value="${attr(o)}"><label for="${attr(choiceId)}">${html(o)}</label></div>`
        })
        .join('')
      return `<fieldset class="form-item ${field.type}">${label(field, null)}${description(field)}${choices}</fieldset>`
    }
    case 'name':
    case 'address': {
      const parts = (PARTS[field.type] ?? [])
        .map((part) => {
          const partId = `${id}-${part.toLowerCase()}`
          return `<div class="field ${part.toLowerCase()}"><label for="${attr(partId)}">${part}</label><input type="text" id="${attr(partId)}" name="${name}-${part}"></div>`
        })
        .join('')
      return `<fieldset class="form-item fields ${field.type}">${label(field, null)}${description(field)}${parts}</fieldset>`
    }
    default: {
      const type = INPUT_TYPES[field.type] ?? 'text'
      const autocomplete = field.type === 'email' ? ' autocomplete="email"' : ''
      return `<div class="form-item field ${field.type}">${label(field, id)}${description(field)}<input type="${type}" id="${attr(id)}" name="${name}"${placeholder}${required}${autocomplete}></div>`
    }
  }
}

export function publicFormMarkup(form: Form): string {
  const fields = form.fields.map((field) => control(field, form.id)).join('')
  const kind = form.isNewsletter ? 'newsletter-form' : 'contact-form'
  return `<form class="sqs-form ${kind}" data-form-id="${attr(form.id)}" novalidate>${fields}<div class="form-button-wrapper"><button type="submit" class="button sqs-system-button">${html(form.submitButtonText)}</button></div></form>`
}
