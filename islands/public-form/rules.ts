/**
 * How the live form reads the worker's answers (storefront.md section 8), DOM-free: what the
 * shopper is told for each status, and the field errors of a 400.
 */
import { type FieldErrors, FORMS_TEXT } from '../../shared/index'

export interface SubmissionFailure {
  message: string | null
  errors: FieldErrors
}

function fieldErrorsOf(body: Record<string, unknown> | null): FieldErrors {
  const errors = body?.errors
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {}
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

/**
 * 400 with a map of field errors: each message on its field (and the server's sentence above);
 * 401, 404, 429 and 500 their own sentences; a refused crumb 'Error processing form
 * submission…'; anything else the server's text, else 'Unknown error, please try again later.'.
 */
export function submissionFailure(status: number, body: Record<string, unknown> | null): SubmissionFailure {
  const serverText = typeof body?.message === 'string' && body.message !== '' ? body.message : null
  const errors = status === 400 ? fieldErrorsOf(body) : {}
  if (Object.keys(errors).length > 0) return { message: serverText ?? FORMS_TEXT.invalidFields, errors }
  switch (status) {
    case 401:
      return { message: FORMS_TEXT.status401, errors }
    case 403:
      return {
        message:
          body?.crumbFail === true ? FORMS_TEXT.processingError : (serverText ?? FORMS_TEXT.unknownError),
        errors,
      }
    case 404:
      return { message: FORMS_TEXT.status404, errors }
    case 429:
      return { message: FORMS_TEXT.status429, errors }
    case 500:
      return { message: FORMS_TEXT.status500, errors }
    default:
      return { message: serverText ?? FORMS_TEXT.unknownError, errors }
  }
}

/**
 * The per-field errors of `POST /api/rest/forms/validate/{formId}` (storefront.md section 7:
 * "failure has errors keyed by field id"). Any other answer (a network failure, a 429, a 5xx)
 * is no verdict: the submission goes ahead and the worker validates it again when storing.
 */
export function validationErrors(status: number, body: Record<string, unknown> | null): FieldErrors {
  return status === 400 ? fieldErrorsOf(body) : {}
}

/** The key call failed: the rate limit has its sentence, anything else 'Could not get a form submission key…'. */
export function keyFailure(status: number): string {
  return status === 429 ? FORMS_TEXT.status429 : FORMS_TEXT.noSubmissionKey
}
