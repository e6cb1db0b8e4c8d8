/**
 * What a form's fields need of the page, for every form drawn with ./fields (public forms and
 * the additional-fields modal): their values as `gatherFormValues` reads them, and the control a
 * field's error sends focus to.
 */
import type { ReadControl } from '../../shared/index'

/** Every value the form's controls hold under a name (files are not values). */
export function controlsOf(form: HTMLFormElement): ReadControl {
  const data = new FormData(form)
  return (name) => data.getAll(name).filter((value): value is string => typeof value === 'string')
}

/** Focuses a field's control: the element with its id, or the first control inside it (a group). */
export function focusField(idPrefix: string, fieldId: string): void {
  const field = document.getElementById(`${idPrefix}-${fieldId}`)
  const control = field?.matches('input, select, textarea')
    ? field
    : field?.querySelector<HTMLElement>('input, select, textarea')
  control?.focus()
}
