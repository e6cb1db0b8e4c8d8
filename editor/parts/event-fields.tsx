/**
 * An event's when and where (platform.md section 3's Item: `startDate`, `endDate` in epoch
 * milliseconds; `location` with addressTitle, addressLine1, addressLine2, addressCountry,
 * mapLat, mapLng). Times are typed as wall-clock times in the site's time zone, the zone the
 * storefront prints them in, and stored as epoch milliseconds; the worker checks them again
 * (record-rules.ts `checkEvent`).
 */
import { useId } from 'react'
import { EDITOR_TEXT, epochToZonedTime, zonedTimeToEpoch } from '../../shared/index'

export interface EventLocation {
  addressTitle?: string
  addressLine1?: string
  addressLine2?: string
  addressCountry?: string
  mapLat?: number
  mapLng?: number
}

export interface EventValue {
  startDate?: number
  endDate?: number
  location?: EventLocation
}

const ADDRESS_FIELDS = [
  ['addressTitle', EDITOR_TEXT.eventPlace, 'organization'],
  ['addressLine1', EDITOR_TEXT.eventAddress1, 'address-line1'],
  ['addressLine2', EDITOR_TEXT.eventAddress2, 'address-line2'],
  ['addressCountry', EDITOR_TEXT.eventCityCountry, 'address-level2'],
] as const

/** A typed coordinate, or undefined for an empty box (`NaN` when it is not a number: the worker names it). */
function coordinate(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim())
}

export function EventFields(props: {
  value: EventValue
  timeZone: string
  disabled: boolean
  errors: Readonly<Record<string, string>>
  onChange: (next: EventValue) => void
}) {
  const id = useId()
  const { value, timeZone, errors } = props
  const location = value.location ?? {}
  const local = (epoch: number | undefined) => (epoch === undefined ? '' : epochToZonedTime(epoch, timeZone))
  const setTime = (field: 'startDate' | 'endDate', text: string) => {
    const epoch = zonedTimeToEpoch(text, timeZone)
    if (epoch === null) return
    const next: EventValue = { ...value, [field]: epoch }
    // Moving the start keeps the event's length, as a calendar does.
    if (field === 'startDate' && value.startDate !== undefined && value.endDate !== undefined)
      next.endDate = epoch + (value.endDate - value.startDate)
    props.onChange(next)
  }
  const setLocation = (change: Partial<EventLocation>) => {
    const next: EventLocation = { ...location, ...change }
    for (const key of Object.keys(next) as (keyof EventLocation)[])
      if (next[key] === undefined || next[key] === '') delete next[key]
    props.onChange({ ...value, location: next })
  }
  const error = (field: string) =>
    errors[field] === undefined ? null : (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    )
  const described = (field: string) => (errors[field] === undefined ? undefined : `${id}-${field}-error`)
  return (
    <fieldset className="event-fields">
      <legend>{EDITOR_TEXT.eventDetails}</legend>
      <div className="grid-2 event-times">
        {(['startDate', 'endDate'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>
              {field === 'startDate' ? EDITOR_TEXT.eventStarts : EDITOR_TEXT.eventEnds}
            </label>
            <input
              id={`${id}-${field}`}
              type="datetime-local"
              required
              value={local(value[field])}
              disabled={props.disabled}
              aria-invalid={errors[field] !== undefined}
              aria-describedby={described(field)}
              onChange={(event) => setTime(field, event.target.value)}
            />
            {error(field)}
          </div>
        ))}
      </div>
      <div className="field">
        <p className="meta">{`${EDITOR_TEXT.eventTimeZone} ${timeZone}`}</p>
      </div>
      {ADDRESS_FIELDS.map(([field, label, autoComplete]) => (
        <div className="field" key={field}>
          <label htmlFor={`${id}-${field}`}>{label}</label>
          <input
            id={`${id}-${field}`}
            value={location[field] ?? ''}
            maxLength={200}
            autoComplete={autoComplete}
            disabled={props.disabled}
            aria-invalid={errors[`location.${field}`] !== undefined}
            aria-describedby={described(`location.${field}`)}
            onChange={(event) => setLocation({ [field]: event.target.value })}
          />
          {error(`location.${field}`)}
        </div>
      ))}
      <div className="grid-2">
        {(
          [
            ['mapLat', EDITOR_TEXT.eventLatitude],
            ['mapLng', EDITOR_TEXT.eventLongitude],
          ] as const
        ).map(([field, label]) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{label}</label>
            <input
              id={`${id}-${field}`}
              inputMode="decimal"
              defaultValue={location[field] === undefined ? '' : String(location[field])}
              disabled={props.disabled}
              aria-invalid={errors[`location.${field}`] !== undefined}
              aria-describedby={described(`location.${field}`)}
              onChange={(event) => setLocation({ [field]: coordinate(event.target.value) })}
            />
            {error(`location.${field}`)}
          </div>
        ))}
      </div>
      <p className="meta">{EDITOR_TEXT.eventMapHint}</p>
    </fieldset>
  )
}
