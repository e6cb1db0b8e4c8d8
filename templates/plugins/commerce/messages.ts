/**
 * Fixed values of the commerce widgets' form summaries. Their shopper text is in the commerce
 * catalogue (`templates/text/commerce.ts`).
 */

/** Time parts a submitted time field lacks print as this. */
export const TIME_PART_DEFAULT = '00'

/**
 * Likert answers -2..2 with the `localizedStrings` key that overrides each label; the labels
 * themselves are the platform's (`LIKERT_LABELS`). An unknown answer reads as Neutral.
 */
export const LIKERT_LABEL_KEYS: Readonly<Record<string, string>> = {
  '-2': 'productAnswerMapStronglyDisagree',
  '-1': 'productAnswerMapDisagree',
  '0': 'productAnswerMapNeutral',
  '1': 'productAnswerMapAgree',
  '2': 'productAnswerMapStronglyAgree',
}
export { LIKERT_LABELS } from '../../../shared/enumerations'
