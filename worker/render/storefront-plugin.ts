/**
 * The worker's own formatters, for markup that needs the storefront's records rather than the
 * platform's template data: `{form|public-form}` prints a form definition's fields.
 */
import { defineFormatter, MISSING, type Plugin } from '../../templates/index'
import { formSchema } from '../records'
import { publicFormMarkup } from './form-markup'

const publicForm = defineFormatter({
  apply(value) {
    const form = formSchema.safeParse(value)
    return form.success ? publicFormMarkup(form.data) : MISSING
  },
})

export const storefrontPlugin: Plugin = {
  name: 'storefront',
  formatters: { 'public-form': publicForm },
}
