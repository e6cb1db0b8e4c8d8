/**
 * Shopper text of public forms and the captcha (storefront.md sections 4, 5 and 8), word for
 * word. The client and the server validate with the same rules and report with these names.
 */
export const FORMS_TEXT = {
  required: 'Required',
  characterLimit: 'You have exceeded the character limit.',
  /** The live counter of a text area with a maximum length. */
  characterCount: '{count} / {max}',
  /** `{email}` is an example address. */
  emailInvalid: 'Email is not valid. Email addresses should follow the format {email}.',
  emailExample: 'user@domain.com',
  captchaRequired: 'Complete CAPTCHA before submitting.',
  submitting: 'Submitting…',
  /** Errors by HTTP status (storefront.md section 8). */
  status401: 'Unable to submit form. Please try again later.',
  status404: 'This form has not been configured yet.',
  status429: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  status500: 'Unable to send form. Please try again later.',
  unknownError: 'Unknown error, please try again later.',
  processingError: 'Error processing form submission. Please reload and try again.',
  noSubmissionKey: 'Could not get a form submission key, please try again later.',
  unparsableFields: 'Could not parse the form fields, please check your entries.',
  invalidFields: 'One or more fields is invalid, please check your entries.',
  /** After a newsletter form's thank-you text, with double opt-in on (issue 18). */
  confirmationSent: 'Check your inbox: we have sent you a link to confirm your email address.',
  /**
   * 422 (ours, issue 19): a submission key that stored other answers already. The island takes a
   * new key whenever the answers change, so only a stale or hand-made request meets this.
   */
  keyReused: 'This form was already sent with other answers. Please reload the page and try again.',
  /** Non-newsletter forms, above and below the fields. */
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  /** Likert summary of an empty answer. */
  noAnswer: 'N/A',
  /** Captcha provider errors (console and rejections). */
  captchaRenderError: 'Error rendering captcha into node',
  captchaNotSetUp: 'ReCaptcha has not been set up!',
  captchaDocumentDestroyed: 'Document was destroyed',

  /** Field markup: the empty choice of a select, the required mark read aloud. */
  selectPlaceholder: 'Select an option',
  requiredLabel: '(required)',
  /** Labels of the parts of multi-part fields (storefront.md section 3, "Summary field values"). */
  partFirst: 'First Name',
  partLast: 'Last Name',
  partLine1: 'Address 1',
  partLine2: 'Address 2',
  partCity: 'City',
  partState: 'State/Province',
  partZip: 'Zip/Postal Code',
  partCountry: 'Country',
  partMonth: 'Month',
  partDay: 'Day',
  partYear: 'Year',
  partHour: 'Hour',
  partMinute: 'Minute',
  partSecond: 'Second',
  partAmpm: 'AM/PM',
  phoneCountry: 'Country code',
  phoneAreacode: 'Area code',
  phonePrefix: 'Prefix',
  phoneLine: 'Line',
  /** The address field's suggestions (places autocomplete). */
  addressSuggestions: 'Address suggestions',
  /** The local captcha provider's checkbox (development and tests). */
  captchaLocalLabel: 'I am not a robot',
} as const
