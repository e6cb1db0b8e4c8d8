/**
 * The address field's first line with suggestions from the places proxy (worker/api/places.ts):
 * an ARIA combobox (arrow keys, Enter, Escape; a click) whose choice fills the field's parts
 * from the place's details. It renders exactly the plain input until the island is live, so
 * hydration matches the server's HTML.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { API, FORMS_TEXT } from '../../shared/index'
import { request } from '../http'
import type { AddressLineProps } from './fields'

/** What the storefront tells the places proxy about where a call comes from. */
const TRACKING_CONTEXT = { productPage: 'public-form', productSection: 'address-field' } as const
const DEBOUNCE_MS = 200

interface Suggestion {
  placeId: string
  description: string
}

interface AddressComponent {
  long_name?: string
  short_name?: string
  types?: string[]
}

function suggestionsOf(body: Record<string, unknown> | null): Suggestion[] {
  const predictions = Array.isArray(body?.predictions) ? body.predictions : []
  return predictions.flatMap((prediction: Record<string, unknown>) =>
    typeof prediction.place_id === 'string' && typeof prediction.description === 'string'
      ? [{ placeId: prediction.place_id, description: prediction.description }]
      : [],
  )
}

/** The field's parts from a place's address components. */
function partsOf(components: AddressComponent[]): Record<string, string> {
  const find = (type: string, short = false) => {
    const component = components.find((candidate) => candidate.types?.includes(type))
    return (short ? component?.short_name : component?.long_name) ?? ''
  }
  return {
    Line1: [find('street_number'), find('route')].filter(Boolean).join(' '),
    City: find('locality') || find('postal_town'),
    State: find('administrative_area_level_1', true),
    Zip: find('postal_code'),
    Country: find('country'),
  }
}

/** A random session token: the provider bills a typing session and its details call as one. */
function sessionToken(): string {
  return crypto.randomUUID()
}

export function AddressLine({ line, live }: { line: AddressLineProps; live: boolean }) {
  const listId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  const [active, setActive] = useState(-1)
  const session = useRef(sessionToken())
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const open = suggestions.length > 0

  useEffect(() => () => clearTimeout(timer.current), [])

  function lookUp(text: string) {
    clearTimeout(timer.current)
    if (text.trim().length < 3) {
      setSuggestions([])
      return
    }
    timer.current = setTimeout(async () => {
      const answer = await request(API.placesAutocomplete, undefined, {
        query: { input: text, sessiontoken: session.current, ...TRACKING_CONTEXT },
      })
      setSuggestions(answer.status === 200 ? suggestionsOf(answer.body) : [])
      setActive(-1)
    }, DEBOUNCE_MS)
  }

  async function choose(suggestion: Suggestion) {
    setSuggestions([])
    const field = input.current
    if (field === null) return
    field.value = suggestion.description.split(',')[0] ?? suggestion.description
    const answer = await request(API.placesDetails, undefined, {
      query: { place_id: suggestion.placeId, sessiontoken: session.current, ...TRACKING_CONTEXT },
    })
    session.current = sessionToken()
    const result = answer.body?.result as { address_components?: AddressComponent[] } | undefined
    if (answer.status !== 200 || !Array.isArray(result?.address_components)) return
    const form = field.form
    const prefix = line.name.slice(0, -'Line1'.length)
    for (const [part, value] of Object.entries(partsOf(result.address_components))) {
      const control = form?.elements.namedItem(`${prefix}${part}`)
      if (control instanceof HTMLInputElement && value) control.value = value
    }
    field.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (index + step + suggestions.length) % suggestions.length)
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault()
      const suggestion = suggestions[active]
      if (suggestion) void choose(suggestion)
    } else if (event.key === 'Escape') {
      setSuggestions([])
    }
  }

  const combobox = live
    ? {
        role: 'combobox' as const,
        'aria-autocomplete': 'list' as const,
        'aria-expanded': open,
        'aria-controls': listId,
        'aria-activedescendant': open && active >= 0 ? `${listId}-${active}` : undefined,
        onInput: (event: { currentTarget: HTMLInputElement }) => lookUp(event.currentTarget.value),
        onKeyDown,
        onBlur: () => setTimeout(() => setSuggestions([]), 150),
      }
    : {}
  return (
    <>
      <input
        ref={input}
        type="text"
        id={line.id}
        name={line.name}
        defaultValue={line.defaultValue}
        autoComplete={line.autoComplete}
        aria-invalid={line.invalid || undefined}
        {...combobox}
      />
      {live ? (
        <div
          className="address-suggestions"
          id={listId}
          role="listbox"
          aria-label={FORMS_TEXT.addressSuggestions}
          hidden={!open}
        >
          {suggestions.map((suggestion, index) => (
            <div
              key={suggestion.placeId}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onPointerDown={(event) => {
                // Before the input's blur closes the list.
                event.preventDefault()
                void choose(suggestion)
              }}
            >
              {suggestion.description}
            </div>
          ))}
        </div>
      ) : null}
    </>
  )
}
