/**
 * The public form island: `{form|public-form}` prints a form definition (a form page's form,
 * a page's newsletter form) as this island. Its server HTML is a plain HTML form that posts
 * to the page (routes/page-posts.ts); React arrives on the shopper's first interaction with
 * it and takes over the submission (client.tsx): the same validation, then the JSON API.
 */
import { defineIsland } from '../define'
import { publicFormProps } from './server'
import { initialFormState, type PublicFormProps, PublicFormView } from './view'

/** The server render: the view in its initial state, as the client's first render. */
function PublicFormIsland(props: PublicFormProps) {
  return <PublicFormView props={props} state={initialFormState(props)} />
}

export default defineIsland({
  name: 'public-form',
  View: PublicFormIsland,
  hydrate: 'interaction',
  formatters: {
    'public-form': (form, args, scope) => publicFormProps(form, args, scope),
  },
})
