/**
 * The door to issue 23's editor areas: the template editor, the body's code, markdown and chart
 * blocks, connections (mailing lists, Zapier) and the shop's records (orders, form submissions,
 * restock sign-ups, reviews). Their words and the rules both the editor app and the editor's
 * Worker apply. A door of its own (like shared/theme) so the editor's shell, which imports
 * shared/index, does not carry them: only the lazy screens and the editor's Worker import it.
 */

export * from './editing/connections'
export { BLOCKS_TEXT } from './text/editing-blocks'
export { CONNECTIONS_TEXT } from './text/editing-connections'
export { RECORDS_TEXT } from './text/editing-records'
export { TEMPLATES_TEXT } from './text/editing-templates'
