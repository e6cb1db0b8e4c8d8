/**
 * The body's blocks: code (23), markdown (44) and chart (62) (issue 23); reached through
 * `shared/editing-areas`. platform.md section 5's words verbatim where it gives them.
 */
export const BLOCKS_TEXT = {
  // platform.md section 1 and 5.
  codeModeCode: 'Code',
  codeModeMarkdown: 'Markdown',
  codeModeDisplaySource: 'Display Source',
  codeEditingUnavailableOnAndroid: 'Code editing is not available on Android.',
  datasetNeedsColumn: 'Your dataset must have at least one column',
  datasetNeedsRow: 'Your dataset must have at least one row',
  datasetMissingData: 'One or more rows was missing data',
} as const
