/**
 * The site's time zone: a searchable list (the ARIA combobox pattern with a listbox popup: type
 * to filter, ↓/↑ to move, Enter to choose, Escape to close) of the zones the editor's Worker
 * knows (`GET /config/api/time-zones`), each with its offset from UTC now. When the list cannot
 * be loaded, the spec's 'Failed to load timezone "{timeZone}"…' names the site's zone, with Retry.
 */
import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import { EDITOR_TEXT, fillText, type TimeZoneOption } from '../../shared/index'
import { api } from '../api'
import { useLoad } from '../hooks'

/** Options shown at once: enough to scroll, few enough to stay quick while typing. */
const SHOWN = 80

function matches(zone: TimeZoneOption, query: string): boolean {
  const needle = query.trim().toLowerCase().replace(/\s+/g, '_')
  if (needle === '') return true
  return zone.id.toLowerCase().includes(needle) || zone.offset.toLowerCase().includes(needle)
}

export function TimeZoneField({
  value,
  disabled,
  error,
  onChange,
}: {
  value: string
  disabled: boolean
  error: string | undefined
  onChange: (zone: string) => void
}) {
  const id = useId()
  const [load, reload] = useLoad(() => api.timeZones(), [])
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const zones = load.state === 'ready' ? load.data.zones : []
  const found = useMemo(() => zones.filter((zone) => matches(zone, query ?? '')), [zones, query])
  const shown = found.slice(0, SHOWN)
  const current = zones.find((zone) => zone.id === value)
  const listId = `${id}-list`
  const optionId = (index: number) => `${id}-option-${index}`

  if (load.state === 'error')
    return (
      <div className="field">
        <span className="label">{EDITOR_TEXT.timeZoneLabel}</span>
        <div className="notice notice-error" role="alert">
          <p>{fillText(EDITOR_TEXT.timeZoneLoadFailed, { timeZone: value })}</p>
          <button type="button" className="button" onClick={reload}>
            {EDITOR_TEXT.retry}
          </button>
        </div>
      </div>
    )

  const choose = (zone: TimeZoneOption | undefined) => {
    if (zone !== undefined) onChange(zone.id)
    setQuery(null)
    setOpen(false)
  }
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) {
        setOpen(true)
        setActive(
          Math.max(
            0,
            shown.findIndex((zone) => zone.id === value),
          ),
        )
        return
      }
      const by = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => Math.min(Math.max(index + by, 0), Math.max(shown.length - 1, 0)))
      document.getElementById(optionId(active + by))?.scrollIntoView({ block: 'nearest' })
    } else if (event.key === 'Enter') {
      if (open) {
        event.preventDefault()
        choose(shown[active])
      }
    } else if (event.key === 'Escape') {
      if (open || query !== null) {
        event.preventDefault()
        setOpen(false)
        setQuery(null)
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      if (open) {
        event.preventDefault()
        setActive(event.key === 'Home' ? 0 : Math.max(shown.length - 1, 0))
      }
    }
  }
  const expanded = open && load.state === 'ready'
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')

  return (
    <div className="field combobox">
      <label htmlFor={`${id}-input`}>{EDITOR_TEXT.timeZoneLabel}</label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && shown.length > 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled || load.state !== 'ready'}
        value={query ?? value}
        onChange={(e) => {
          setQuery(e.target.value)
          setOpen(true)
          setActive(0)
        }}
        onKeyDown={onKey}
        onBlur={() => {
          setOpen(false)
          setQuery(null)
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={EDITOR_TEXT.timeZoneLabel}
        className="combobox-list"
        hidden={!expanded}
      >
        {shown.map((zone, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (ARIA combobox pattern)
          <div
            key={zone.id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(zone)}
          >
            <span>{zone.id.replace(/_/g, ' ')}</span>
            <span className="meta-url">{zone.offset}</span>
          </div>
        ))}
        {shown.length === 0 ? (
          <div role="option" tabIndex={-1} aria-disabled="true" aria-selected="false">
            {fillText(EDITOR_TEXT.timeZoneNoMatch, { query: query ?? '' })}
          </div>
        ) : null}
      </div>
      <p className="hint" id={`${id}-hint`} aria-live="polite">
        {load.state === 'loading'
          ? EDITOR_TEXT.loading
          : expanded
            ? fillText(EDITOR_TEXT.timeZoneCount, { count: found.length })
            : (current?.offset ?? '')}
      </p>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
