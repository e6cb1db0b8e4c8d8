/**
 * The door to issue 23's editor areas: the template editor, the body's code, markdown and chart
 * blocks, connections (mailing lists, Zapier) and the shop's records (orders, form submissions,
 * restock sign-ups, reviews). Their words and the rules both the editor app and the editor's
 * Worker apply. A door of its own (like shared/theme) so the editor's shell, which imports
 * shared/index, does not carry them: only the lazy screens and the editor's Worker import it.
 */

export { renderChart } from './blocks/chart-svg'
export { cellNumber, datasetProblem, type ParsedCsv, parseCsv, trimDataset } from './blocks/dataset'
export {
  BLOCK_LIMITS,
  BLOCK_TYPES,
  type BlockData,
  blockClassOf,
  blockTypeOf,
  type ChartBlockData,
  type ChartKind,
  type CodeBlockData,
  type CodeMode,
} from './blocks/model'
export * from './editing/connections'
export * from './editing/records'
export {
  type BudgetUse,
  TEMPLATE_KEY_PREFIX,
  type TemplateAnswer,
  type TemplateConflictAnswer,
  type TemplateDataAnswer,
  type TemplateDraft,
  type TemplateKind,
  type TemplatePage,
  type TemplateSaveBody,
  type TemplateSummary,
  type TemplatesAnswer,
} from './editing/templates'
export { BLOCKS_TEXT } from './text/editing-blocks'
export { CONNECTIONS_TEXT } from './text/editing-connections'
export { RECORDS_TEXT } from './text/editing-records'
export { TEMPLATES_TEXT } from './text/editing-templates'
