/**
 * Settings (`/config/settings`): the site record's settings section (title, description, time
 * zone, money format, cookies, tracking, comments, likes, captcha) and its store section (currency,
 * sold-out text, scarcity, back in stock, installments, variant picker, services, express
 * checkout). Admins change both; a store manager the store part only; everyone else reads.
 * Saving stores a draft of the site record (409 when someone else saved first); a refusal names
 * its field and is shown beside it. Publish makes it live with the rest.
 */
import { type ReactNode, useEffect, useId, useState } from 'react'
import {
  COOKIE_POLICIES,
  CURRENCIES,
  EDITOR_TEXT,
  type EditorRecord,
  fillText,
  formatCldrMoney,
  formatLegacyMoney,
  minorUnitsOf,
  moneyFromMinorUnits,
  type RecordAnswer,
  SETTINGS_LIMITS,
  VARIANT_PICKER_STYLES,
} from '../../shared/index'
import { ApiError, api, messageOf } from '../api'
import { useLeaveGuard, useLoad } from '../hooks'
import { LoadError, Loading } from '../parts/load-error'
import { TimeZoneField } from '../parts/time-zone-field'
import { screenTitle, useSession } from '../session'

const SITE = 'site'

type Fields = Record<string, unknown>

export default function SettingsScreen() {
  const { session, refreshChanges } = useSession()
  const [load, reload] = useLoad(() => api.record(SITE), [])
  useEffect(() => screenTitle(EDITOR_TEXT.navSettings, session.site.title), [session.site.title])
  const { siteSettings, storeSettings } = session.capabilities
  return (
    <>
      <div className="screen-head">
        <h1>{EDITOR_TEXT.navSettings}</h1>
        {/* The home page with every draft applied (saved changes show there before publishing). */}
        <a className="button" href="/config/preview/" target="_blank" rel="noopener">
          {EDITOR_TEXT.preview}
        </a>
      </div>
      <p>{EDITOR_TEXT.settingsIntro}</p>
      {!siteSettings && storeSettings ? <p className="notice">{EDITOR_TEXT.settingsStoreOnly}</p> : null}
      {!siteSettings && !storeSettings ? <p className="notice">{EDITOR_TEXT.readOnlyNotice}</p> : null}
      {load.state === 'loading' ? <Loading /> : null}
      {load.state === 'error' ? (
        <LoadError title={EDITOR_TEXT.unableToLoadTryAgain} detail={load.message} onRetry={reload} />
      ) : null}
      {load.state === 'ready' ? (
        <SettingsForm
          answer={load.data}
          canSite={siteSettings}
          canStore={storeSettings}
          onSaved={() => {
            refreshChanges()
            reload()
          }}
        />
      ) : null}
    </>
  )
}

/** A copy of `record` with `value` at the dotted `path` (objects created on the way). */
function setAt(record: Fields, path: string, value: unknown): Fields {
  const [head, ...rest] = path.split('.')
  if (head === undefined) return record
  if (rest.length === 0) {
    const out = { ...record }
    if (value === undefined) delete out[head]
    else out[head] = value
    return out
  }
  const inner = (record[head] ?? {}) as Fields
  return { ...record, [head]: setAt(inner, rest.join('.'), value) }
}

function getAt(record: Fields, path: string): unknown {
  let value: unknown = record
  for (const step of path.split('.')) value = (value as Fields | undefined)?.[step]
  return value
}

interface FormState {
  website: Fields
  store: Fields | null
  /** Installments' order range as typed, in the currency's major units. */
  min: string
  max: string
}

function stateOf(answer: RecordAnswer): FormState {
  const record = (answer.draft?.record ?? answer.live ?? {}) as Fields
  const store = (record.storeSettings as Fields | undefined) ?? null
  const currency = String(store?.selectedCurrency ?? 'USD')
  const installments = (store?.installments ?? {}) as Fields
  const major = (minor: unknown) =>
    typeof minor === 'number' ? moneyFromMinorUnits(minor, currency).amount : ''
  return {
    website: structuredClone((record.website ?? {}) as Fields),
    store: store === null ? null : structuredClone(store),
    min: major(installments.afterPayMin),
    max: major(installments.afterPayMax),
  }
}

function SettingsForm({
  answer,
  canSite,
  canStore,
  onSaved,
}: {
  answer: RecordAnswer
  canSite: boolean
  canStore: boolean
  onSaved: () => void
}) {
  const id = useId()
  const [form, setForm] = useState(() => stateOf(answer))
  const [revision, setRevision] = useState(answer.revision)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [dirty, setDirty] = useState(false)
  const { website, store } = form
  const currency = String(store?.selectedCurrency ?? 'USD')

  const update = (next: Partial<FormState>) => {
    setForm((previous) => ({ ...previous, ...next }))
    setDirty(true)
    setMessage(null)
  }
  const setSite = (path: string, value: unknown) => update({ website: setAt(website, path, value) })
  const setStore = (path: string, value: unknown) => update({ store: setAt(store ?? {}, path, value) })

  const fieldProps = (field: string) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  })
  const errorOf = (field: string) =>
    errors[field] ? (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null

  const text = (
    section: 'website' | 'storeSettings',
    path: string,
    label: string,
    max: number,
    options: { hint?: string; long?: boolean } = {},
  ) => {
    const field = `${section}.${path}`
    const source = section === 'website' ? website : (store ?? {})
    const value = String(getAt(source, path) ?? '')
    const onChange = (v: string) => (section === 'website' ? setSite(path, v) : setStore(path, v))
    const hint = options.hint ? `${id}-${field}-hint` : undefined
    const props = fieldProps(field)
    const describedBy = [props['aria-describedby'], hint].filter(Boolean).join(' ') || undefined
    return (
      <div className="field">
        <label htmlFor={props.id}>{label}</label>
        {options.long ? (
          <textarea
            {...props}
            aria-describedby={describedBy}
            value={value}
            maxLength={max}
            rows={3}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...props}
            aria-describedby={describedBy}
            value={value}
            maxLength={max}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
        {options.hint ? (
          <p className="hint" id={hint}>
            {options.hint}
          </p>
        ) : null}
        {errorOf(field)}
      </div>
    )
  }

  const check = (
    section: 'website' | 'storeSettings',
    path: string,
    label: string,
    options: { invert?: boolean; fallback?: boolean } = {},
  ) => {
    const field = `${section}.${path}`
    const source = section === 'website' ? website : (store ?? {})
    const stored = getAt(source, path)
    const on = typeof stored === 'boolean' ? stored : (options.fallback ?? false)
    const props = fieldProps(field)
    return (
      <div className="field-check">
        <input
          {...props}
          type="checkbox"
          checked={options.invert ? !on : on}
          onChange={(e) => {
            const value = options.invert ? !e.target.checked : e.target.checked
            if (section === 'website') setSite(path, value)
            else setStore(path, value)
          }}
        />
        <label htmlFor={props.id}>{label}</label>
        {errorOf(field)}
      </div>
    )
  }

  const radios = (
    section: 'website' | 'storeSettings',
    path: string,
    legend: string,
    choices: readonly (readonly [string, ReactNode])[],
    fallback: string,
  ) => {
    const field = `${section}.${path}`
    const source = section === 'website' ? website : (store ?? {})
    const value = String(getAt(source, path) ?? fallback)
    return (
      <fieldset aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}>
        <legend>{legend}</legend>
        {choices.map(([choice, label]) => (
          <div className="field-check" key={choice}>
            <input
              id={`${id}-${field}-${choice}`}
              type="radio"
              name={`${id}-${field}`}
              checked={value === choice}
              onChange={() => (section === 'website' ? setSite(path, choice) : setStore(path, choice))}
            />
            <label htmlFor={`${id}-${field}-${choice}`}>{label}</label>
          </div>
        ))}
        {errorOf(field)}
      </fieldset>
    )
  }

  const number = (path: string, label: string, min: number, max: number, fallback: number) => {
    const field = `storeSettings.${path}`
    const value = getAt(store ?? {}, path)
    const props = fieldProps(field)
    return (
      <div className="field">
        <label htmlFor={props.id}>{label}</label>
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={typeof value === 'number' ? value : fallback}
          onChange={(e) => setStore(path, e.target.value === '' ? undefined : Number(e.target.value))}
        />
        {errorOf(field)}
      </div>
    )
  }

  const sample = moneyFromMinorUnits(currency === 'JPY' ? 123456 : 1234550, currency)
  const language = String(website.language ?? 'en-US')
  const installments = (store?.installments ?? null) as Fields | null

  /** The store section as it will be saved, or a field's problem found first. */
  const storeToSave = (): { store: Fields } | { field: string; text: string } => {
    let out = { ...(store ?? {}) }
    // Switched on and off again without a range: nothing to store.
    if (installments !== null && installments.enabled !== true && form.min === '' && form.max === '')
      delete out.installments
    else if (installments !== null) {
      const minor = (typed: string, field: string) => {
        if (!/^\d+(\.\d{1,2})?$/.test(typed.trim()))
          return { field, text: fillText(EDITOR_TEXT.moneyInvalid, { example: '35.00' }) }
        return Number(minorUnitsOf({ amount: typed.trim(), currency }))
      }
      const min = minor(form.min, 'storeSettings.installments.afterPayMin')
      if (typeof min !== 'number') return min
      const max = minor(form.max, 'storeSettings.installments.afterPayMax')
      if (typeof max !== 'number') return max
      if (min > max)
        return { field: 'storeSettings.installments.afterPayMax', text: EDITOR_TEXT.installmentsRange }
      out = setAt(out, 'installments', { ...installments, afterPayMin: min, afterPayMax: max })
    }
    return { store: out }
  }

  const save = async (): Promise<boolean> => {
    const base = (answer.draft?.record ?? answer.live ?? {}) as Fields
    const next = store === null ? null : storeToSave()
    if (next !== null && 'field' in next) {
      setErrors({ [next.field]: next.text })
      setMessage({ kind: 'error', text: next.text })
      return false
    }
    setBusy(true)
    setErrors({})
    try {
      const record = {
        ...base,
        website,
        ...(next === null ? {} : { storeSettings: next.store }),
      } as unknown as EditorRecord
      const saved = await api.save(SITE, { record, baseRevision: revision })
      setRevision(saved.revision)
      setDirty(false)
      setMessage({ kind: 'ok', text: EDITOR_TEXT.navigationSaved })
      onSaved()
      return true
    } catch (error) {
      const text = error instanceof ApiError ? error.message : messageOf(error)
      const field = error instanceof ApiError ? error.body.field : undefined
      if (field) setErrors({ [field]: text })
      setMessage({ kind: 'error', text })
      return false
    } finally {
      setBusy(false)
    }
  }
  useLeaveGuard(dirty, save)

  return (
    <form
      className="settings-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!busy && dirty) save()
      }}
    >
      <section aria-labelledby={`${id}-site`}>
        <h2 id={`${id}-site`}>{EDITOR_TEXT.settingsSite}</h2>
        <fieldset disabled={!canSite} className="plain-fieldset">
          <legend className="visually-hidden">{EDITOR_TEXT.settingsSite}</legend>
          {text('website', 'siteTitle', EDITOR_TEXT.siteTitleLabel, SETTINGS_LIMITS.siteTitle)}
          {text(
            'website',
            'siteDescription',
            EDITOR_TEXT.siteDescriptionLabel,
            SETTINGS_LIMITS.siteDescription,
            {
              long: true,
            },
          )}
          <TimeZoneField
            value={String(website.timeZone ?? 'America/New_York')}
            disabled={!canSite}
            error={errors['website.timeZone']}
            onChange={(zone) => setSite('timeZone', zone)}
          />
          <fieldset>
            <legend>{EDITOR_TEXT.moneyFormatLabel}</legend>
            {(
              [
                [false, EDITOR_TEXT.moneyLegacy, formatLegacyMoney(sample)],
                [true, EDITOR_TEXT.moneyCldr, formatCldrMoney(sample, language)],
              ] as const
            ).map(([cldr, label, shown]) => (
              <div className="field-check" key={String(cldr)}>
                <input
                  id={`${id}-money-${String(cldr)}`}
                  type="radio"
                  name={`${id}-money`}
                  checked={(website.useCLDRMoneyFormat === true) === cldr}
                  aria-describedby={`${id}-money-${String(cldr)}-sample`}
                  onChange={() => setSite('useCLDRMoneyFormat', cldr)}
                />
                <label htmlFor={`${id}-money-${String(cldr)}`}>{label}</label>
                <span className="hint settings-sample" id={`${id}-money-${String(cldr)}-sample`}>
                  {fillText(EDITOR_TEXT.moneySample, { price: shown })}
                </span>
              </div>
            ))}
          </fieldset>
          {radios(
            'website',
            'cookiePolicy',
            EDITOR_TEXT.cookiePolicyLabel,
            COOKIE_POLICIES.map(
              (policy) =>
                [
                  policy,
                  policy === 'standard' ? EDITOR_TEXT.cookieStandard : EDITOR_TEXT.cookieRestrictive,
                ] as const,
            ),
            'standard',
          )}
          {check('website', 'trackingDisabled', EDITOR_TEXT.trackingLabel, { invert: true })}
          {check('website', 'commentsEnabled', EDITOR_TEXT.commentsLabel)}
          {check('website', 'commentsAllowVisitors', EDITOR_TEXT.commentsVisitorsLabel)}
          {check('website', 'simpleLikingEnabled', EDITOR_TEXT.likesLabel)}
          {text(
            'website',
            'captchaSettings.siteKey',
            EDITOR_TEXT.captchaSiteKeyLabel,
            SETTINGS_LIMITS.captchaSiteKey,
          )}
        </fieldset>
      </section>

      {store === null ? null : (
        <section aria-labelledby={`${id}-store`}>
          <h2 id={`${id}-store`}>{EDITOR_TEXT.settingsStore}</h2>
          <fieldset disabled={!canStore} className="plain-fieldset">
            <legend className="visually-hidden">{EDITOR_TEXT.settingsStore}</legend>
            <div className="field">
              <label htmlFor={`${id}-currency`}>{EDITOR_TEXT.currencyLabel}</label>
              <select
                id={`${id}-currency`}
                value={currency}
                aria-invalid={errors['storeSettings.selectedCurrency'] ? true : undefined}
                onChange={(e) => setStore('selectedCurrency', e.target.value)}
              >
                {Object.keys(CURRENCIES).map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
              {errorOf('storeSettings.selectedCurrency')}
            </div>
            {text(
              'storeSettings',
              'customSoldOutText',
              EDITOR_TEXT.soldOutTextLabel,
              SETTINGS_LIMITS.shortText,
              {
                hint: EDITOR_TEXT.soldOutTextHint,
              },
            )}
            <fieldset>
              <legend>{EDITOR_TEXT.scarcityLegend}</legend>
              {check('storeSettings', 'merchandising.scarcity.enabled', EDITOR_TEXT.scarcityEnabledLabel)}
              {number(
                'merchandising.scarcity.threshold',
                EDITOR_TEXT.scarcityThresholdLabel,
                1,
                SETTINGS_LIMITS.maxCount,
                5,
              )}
              {text(
                'storeSettings',
                'merchandising.scarcity.text',
                EDITOR_TEXT.scarcityTextLabel,
                SETTINGS_LIMITS.shortText,
              )}
              {check(
                'storeSettings',
                'merchandising.scarcity.shownByDefault',
                EDITOR_TEXT.scarcityDefaultLabel,
              )}
            </fieldset>
            <fieldset>
              <legend>{EDITOR_TEXT.restockLegend}</legend>
              {check('storeSettings', 'merchandising.restock.enabled', EDITOR_TEXT.restockEnabledLabel)}
              {text(
                'storeSettings',
                'merchandising.restock.messages.buttonText',
                EDITOR_TEXT.restockButtonLabel,
                SETTINGS_LIMITS.shortText,
              )}
              {text(
                'storeSettings',
                'merchandising.restock.messages.CTAText',
                EDITOR_TEXT.restockCtaLabel,
                SETTINGS_LIMITS.shortText,
              )}
              {text(
                'storeSettings',
                'merchandising.restock.messages.placeholderText',
                EDITOR_TEXT.restockPlaceholderLabel,
                SETTINGS_LIMITS.shortText,
              )}
              {text(
                'storeSettings',
                'merchandising.restock.messages.mailingListDescription',
                EDITOR_TEXT.restockMailingListLabel,
                SETTINGS_LIMITS.longText,
                { long: true },
              )}
              {check(
                'storeSettings',
                'merchandising.restock.mailingListSignUpEnabled',
                EDITOR_TEXT.restockSignUpLabel,
              )}
              {check(
                'storeSettings',
                'merchandising.restock.mailingListOptInByDefault',
                EDITOR_TEXT.restockOptInLabel,
              )}
            </fieldset>
            <fieldset>
              <legend>{EDITOR_TEXT.installmentsLegend}</legend>
              <div className="field-check">
                <input
                  id={`${id}-installments`}
                  type="checkbox"
                  checked={installments?.enabled === true}
                  onChange={(e) =>
                    setStore('installments', {
                      provider: 'Afterpay',
                      count: 4,
                      stripeAccountCountry: 'US',
                      ...(installments ?? {}),
                      enabled: e.target.checked,
                    })
                  }
                />
                <label htmlFor={`${id}-installments`}>{EDITOR_TEXT.installmentsEnabledLabel}</label>
              </div>
              {installments === null ? null : (
                <>
                  {text(
                    'storeSettings',
                    'installments.provider',
                    EDITOR_TEXT.installmentsProviderLabel,
                    SETTINGS_LIMITS.shortText,
                  )}
                  {number('installments.count', EDITOR_TEXT.installmentsCountLabel, 2, 24, 4)}
                  <div className="grid-2">
                    <MoneyInput
                      id={`${id}-storeSettings.installments.afterPayMin`}
                      label={`${EDITOR_TEXT.installmentsMinLabel} (${currency})`}
                      value={form.min}
                      error={errors['storeSettings.installments.afterPayMin']}
                      onChange={(min) => update({ min })}
                    />
                    <MoneyInput
                      id={`${id}-storeSettings.installments.afterPayMax`}
                      label={`${EDITOR_TEXT.installmentsMaxLabel} (${currency})`}
                      value={form.max}
                      error={errors['storeSettings.installments.afterPayMax']}
                      onChange={(max) => update({ max })}
                    />
                  </div>
                  {text(
                    'storeSettings',
                    'installments.stripeAccountCountry',
                    EDITOR_TEXT.installmentsCountryLabel,
                    2,
                  )}
                </>
              )}
            </fieldset>
            {radios(
              'storeSettings',
              'variantPickerStyle',
              EDITOR_TEXT.variantPickerLabel,
              VARIANT_PICKER_STYLES.map(
                (style) =>
                  [
                    style,
                    style === 'pills' ? EDITOR_TEXT.variantPills : EDITOR_TEXT.variantDropdown,
                  ] as const,
              ),
              'pills',
            )}
            {check('storeSettings', 'multipleQuantityAllowedForServices', EDITOR_TEXT.multipleServicesLabel, {
              fallback: true,
            })}
            {check('storeSettings', 'expressCheckout', EDITOR_TEXT.expressCheckoutLabel)}
          </fieldset>
        </section>
      )}

      {canSite || canStore ? (
        <div className="row-actions">
          <button type="submit" className="button button-primary" disabled={busy || !dirty}>
            {busy ? EDITOR_TEXT.saving : EDITOR_TEXT.save}
          </button>
        </div>
      ) : null}
      <div role="status">
        {message === null ? null : (
          <p className={message.kind === 'error' ? 'notice notice-error' : 'notice notice-ok'}>
            {message.text}
          </p>
        )}
      </div>
    </form>
  )
}

function MoneyInput({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string
  label: string
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
