/**
 * The record editor: a page, a collection or an item (a post, an event, a product). Edits are
 * saved as a draft (autosave after idle typing, the Save button, Ctrl/Cmd+S) from the revision
 * they were made on; a stale save opens the conflict view and never overwrites. The status
 * moves by the transitions the user's role allows. A preview of the draft sits beside it.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link, useParams } from 'wouter'
import {
  type ConflictAnswer,
  type ContentStatus,
  canEdit,
  canPublish,
  EDITOR_LIMITS,
  EDITOR_TEXT,
  type EditorRecord,
  epochToZonedTime,
  fillText,
  type ImageValue,
  isLiveStatus,
  LIMITS,
  nextStatuses,
  type RecordAnswer,
  transitionRight,
  zonedTimeToEpoch,
} from '../../shared/index'
import { ApiError, api, messageOf } from '../api'
import { formatWhen } from '../format'
import { useAutosaveGuard, useLoad } from '../hooks'
import { Chips } from '../parts/chips'
import { changedFields, DiffTable } from '../parts/diff'
import { EventFields, type EventValue } from '../parts/event-fields'
import { ImageField, ImageListField } from '../parts/image-field'
import { LoadError, Loading } from '../parts/load-error'
import { PhoneTabs, PreviewToggle } from '../parts/preview-controls'
import { ProductFields, type StructuredContent } from '../parts/product-fields'
import { STATUS_LABEL, StatusBadge } from '../parts/status-badge'
import { screenTitle, useSession } from '../session'

/** Events (platform.md section 3's record type 12) get their when and where. */
const RECORD_TYPE_EVENT = 12

const RichText = lazy(() => import('../parts/rich-text'))

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed'

export default function RecordScreen() {
  const { key: rawKey = '' } = useParams<{ key: string }>()
  const key = decodeURIComponent(rawKey)
  const [load, reload] = useLoad(() => api.record(key), [key])
  const { session } = useSession()
  const failedTitle =
    load.state === 'error'
      ? load.status === 404
        ? EDITOR_TEXT.unableToLocateContent
        : EDITOR_TEXT.unableToLoadTryAgain
      : EDITOR_TEXT.loading
  useEffect(() => {
    if (load.state !== 'ready') screenTitle(failedTitle, session.site.title)
  }, [load.state, failedTitle, session.site.title])
  if (load.state === 'loading') return <Loading />
  if (load.state === 'error')
    return <LoadError title={failedTitle} detail={load.message} onRetry={reload} screen />
  return <RecordEditor key={key} answer={load.data} />
}

function validate(record: EditorRecord): Record<string, string> {
  const errors: Record<string, string> = {}
  if (record.title.trim() === '') errors.title = EDITOR_TEXT.titleRequired
  if (!SLUG.test(record.urlId) || record.urlId.length > EDITOR_LIMITS.slugLength)
    errors.urlId = fillText(EDITOR_TEXT.invalidPageUrl, { val: record.urlId })
  if (
    record.recordType === RECORD_TYPE_EVENT &&
    typeof record.startDate === 'number' &&
    typeof record.endDate === 'number' &&
    record.endDate <= record.startDate
  )
    errors.endDate = EDITOR_TEXT.eventEndsBeforeStart
  return errors
}

function RecordEditor({ answer }: { answer: RecordAnswer }) {
  const { session, refreshChanges } = useSession()
  const id = useId()
  const [record, setRecord] = useState<EditorRecord>(
    () => answer.draft?.record ?? (answer.live as EditorRecord),
  )
  const [status, setStatus] = useState<ContentStatus>(statusOf(answer))
  const [publishOn, setPublishOn] = useState<number | undefined>(answer.draft?.publishOn)
  const [saveState, setSaveState] = useState<SaveState>('saved')
  const [saveError, setSaveError] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [conflict, setConflict] = useState<ConflictAnswer['conflict'] | null>(null)
  const [bodyVersion, setBodyVersion] = useState(0)
  const [previewVersion, setPreviewVersion] = useState(0)
  const [showPreview, setShowPreview] = useState(true)
  const [phoneTab, setPhoneTab] = useState<'edit' | 'preview'>('edit')
  const revision = useRef(answer.revision)
  const recordRef = useRef(record)
  const dirty = useRef(false)
  const edits = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const inFlight = useRef<Promise<boolean> | null>(null)
  const conflictRef = useRef(false)

  const editable = canEdit(session.capabilities, answer.area)
  const isPage = answer.kind === 'collection' && (record.typeName === 'page' || 'mainContent' in record)
  const bodyField = answer.kind === 'collection' ? 'mainContent' : 'body'
  const hasBody = isPage || answer.kind === 'item'
  const structured = record.structuredContent as StructuredContent | undefined
  const clientErrors = validate(record)
  const errors: Record<string, string> = { ...serverErrors, ...clientErrors }

  useEffect(
    () => screenTitle(record.title || EDITOR_TEXT.fieldTitle, session.site.title),
    [record.title, session.site.title],
  )

  const save = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current)
    if (inFlight.current !== null) await inFlight.current
    if (!dirty.current) return true
    if (conflictRef.current) return false
    const current = recordRef.current
    if (Object.keys(validate(current)).length > 0) {
      setSaveState('unsaved')
      return false
    }
    const startedAt = edits.current
    setSaveState('saving')
    setSaveError(null)
    const work = api.save(answer.key, { record: current, baseRevision: revision.current }).then(
      (saved) => {
        revision.current = saved.revision
        if (edits.current === startedAt) {
          dirty.current = false
          setSaveState('saved')
        } else setSaveState('unsaved')
        setServerErrors({})
        setPreviewVersion((n) => n + 1)
        refreshChanges()
        return true
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409 && typeof error.body.conflict === 'object') {
          conflictRef.current = true
          setConflict((error.body as unknown as ConflictAnswer).conflict)
          setSaveState('unsaved')
        } else if (
          error instanceof ApiError &&
          error.status === 400 &&
          typeof error.body.field === 'string'
        ) {
          setServerErrors({ [error.body.field]: error.message })
          setSaveState('failed')
        } else {
          setSaveError(messageOf(error))
          setSaveState('failed')
        }
        return false
      },
    )
    inFlight.current = work
    const ok = await work
    inFlight.current = null
    return ok
  }, [answer.key, refreshChanges])

  const change = (patch: Partial<EditorRecord>) => {
    if (!editable) return
    const next = { ...recordRef.current, ...patch } as EditorRecord
    recordRef.current = next
    setRecord(next)
    dirty.current = true
    edits.current++
    setSaveState('unsaved')
    setServerErrors((errs) => {
      const rest = { ...errs }
      for (const field of Object.keys(patch)) delete rest[field]
      return rest
    })
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void save(), EDITOR_LIMITS.autosaveIdleMs)
  }

  useAutosaveGuard({ dirty, timer, save, editable })

  const resolveConflict = async (keepMine: boolean) => {
    if (conflict === null) return
    revision.current = conflict.revision
    conflictRef.current = false
    if (keepMine) {
      setConflict(null)
      dirty.current = true
      await save()
    } else {
      const theirs = conflict.theirs?.record ?? conflict.live
      setConflict(null)
      if (theirs !== null) {
        recordRef.current = theirs
        setRecord(theirs)
        setBodyVersion((n) => n + 1)
      }
      if (conflict.theirs !== null) setStatus(conflict.theirs.status)
      dirty.current = false
      setSaveState('saved')
      setPreviewVersion((n) => n + 1)
    }
  }

  const statusLine =
    saveState === 'saving'
      ? EDITOR_TEXT.saving
      : saveState === 'saved'
        ? EDITOR_TEXT.saved
        : saveState === 'failed'
          ? (saveError ?? EDITOR_TEXT.somethingWentWrong)
          : EDITOR_TEXT.unsaved
  const bodyValue = typeof record[bodyField] === 'string' ? (record[bodyField] as string) : ''
  const fieldProps = (field: string) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] !== undefined,
    'aria-describedby': errors[field] === undefined ? undefined : `${id}-${field}-error`,
    disabled: !editable,
  })
  const fieldError = (field: string) =>
    errors[field] === undefined ? null : (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    )
  const known = new Set(['title', 'urlId', 'excerpt', bodyField, 'mainImage', 'tags', 'categories'])
  const otherErrors = Object.entries(serverErrors).filter(
    ([field]) =>
      !known.has(field) &&
      !field.startsWith('structuredContent') &&
      !(record.recordType === RECORD_TYPE_EVENT && /^(startDate|endDate|location\.)/.test(field)),
  )
  const previewUrl = `/config/preview${typeof record.fullUrl === 'string' ? record.fullUrl : '/'}`
  const collectionSlug = answer.kind === 'item' ? answer.key.replace(/^item:/, '').split('/')[0] : undefined
  const [collectionTitle, setCollectionTitle] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (collectionSlug === undefined) return
    api.collections().then(
      (found) => setCollectionTitle(found.collections.find((c) => c.slug === collectionSlug)?.title),
      () => {},
    )
  }, [collectionSlug])

  const editorPane = (
    <form
      className="record-form"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      noValidate
    >
      {!editable ? (
        <p className="notice" role="note">
          {EDITOR_TEXT.readOnlyNotice}
        </p>
      ) : null}
      {otherErrors.map(([field, message]) => (
        <p key={field} className="notice notice-error" role="alert">
          {field}: {message}
        </p>
      ))}
      <div className="field">
        <label htmlFor={`${id}-title`}>{EDITOR_TEXT.fieldTitle}</label>
        <input
          {...fieldProps('title')}
          value={record.title}
          maxLength={EDITOR_LIMITS.titleLength}
          onChange={(e) => change({ title: e.target.value })}
        />
        {fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-urlId`}>{EDITOR_TEXT.fieldSlug}</label>
        <input
          {...fieldProps('urlId')}
          value={record.urlId}
          maxLength={EDITOR_LIMITS.slugLength}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => change({ urlId: e.target.value })}
        />
        <p className="meta">{EDITOR_TEXT.slugInvalid}</p>
        {fieldError('urlId')}
      </div>
      {answer.kind === 'item' ? (
        <div className="field">
          <p className="label" id={`${id}-excerpt-label`}>
            {EDITOR_TEXT.fieldExcerpt}
          </p>
          <Suspense fallback={<Loading />}>
            <RichText
              key={bodyVersion}
              compact
              value={typeof record.excerpt === 'string' ? record.excerpt : ''}
              disabled={!editable}
              labelId={`${id}-excerpt-label`}
              describedBy={errors.excerpt === undefined ? undefined : `${id}-excerpt-error`}
              onChange={(html) => change({ excerpt: html })}
            />
          </Suspense>
          {fieldError('excerpt')}
        </div>
      ) : null}
      {hasBody ? (
        <div className="field">
          <p className="label" id={`${id}-body-label`}>
            {EDITOR_TEXT.fieldBody}
          </p>
          <Suspense fallback={<Loading />}>
            <RichText
              key={bodyVersion}
              value={bodyValue}
              disabled={!editable}
              labelId={`${id}-body-label`}
              describedBy={errors[bodyField] === undefined ? undefined : `${id}-${bodyField}-error`}
              onChange={(html) => change({ [bodyField]: html })}
            />
          </Suspense>
          {fieldError(bodyField)}
        </div>
      ) : null}
      {answer.kind === 'item' ? (
        <ImageField
          id={`${id}-mainImage`}
          label={EDITOR_TEXT.fieldMainImage}
          value={(record.mainImage as ImageValue | undefined) ?? null}
          disabled={!editable}
          error={errors.mainImage}
          onChange={(mainImage) => change({ mainImage: mainImage ?? undefined })}
        />
      ) : null}
      {answer.kind === 'item' &&
      structured === undefined &&
      Array.isArray(record.items) &&
      record.items.length > 0 ? (
        <ImageListField
          id={`${id}-items`}
          label={EDITOR_TEXT.galleryImages}
          values={record.items as ImageValue[]}
          max={LIMITS.photoServiceGallerySize}
          disabled={!editable}
          onChange={(items) => change({ items })}
        />
      ) : null}
      {answer.kind === 'item' ? (
        <div className="grid-2">
          <Chips
            label={EDITOR_TEXT.fieldTags}
            addLabel={EDITOR_TEXT.fieldNewTag}
            tagType={EDITOR_TEXT.termTag}
            max={EDITOR_LIMITS.tagLength}
            values={Array.isArray(record.tags) ? (record.tags as string[]) : []}
            onChange={(tags) => change({ tags })}
            disabled={!editable}
            error={errors.tags}
          />
          <Chips
            label={EDITOR_TEXT.fieldCategories}
            addLabel={EDITOR_TEXT.fieldNewCategory}
            tagType={EDITOR_TEXT.termCategory}
            max={EDITOR_LIMITS.categoryLength}
            values={Array.isArray(record.categories) ? (record.categories as string[]) : []}
            onChange={(categories) => change({ categories })}
            disabled={!editable}
            error={errors.categories}
          />
        </div>
      ) : null}
      {answer.kind === 'item' && record.recordType === RECORD_TYPE_EVENT ? (
        <EventFields
          value={record as EventValue}
          timeZone={session.site.timeZone}
          disabled={!editable}
          errors={errors}
          onChange={(next) => change(next as Partial<EditorRecord>)}
        />
      ) : null}
      {structured !== undefined ? (
        <ProductFields
          content={structured}
          images={Array.isArray(record.items) ? (record.items as ImageValue[]) : []}
          onImagesChange={(items) => change({ items })}
          currency={session.site.currency}
          recordId={record.id}
          disabled={!editable}
          errors={serverErrors}
          onChange={(next) => change({ structuredContent: next })}
        />
      ) : null}
    </form>
  )

  return (
    <div className="record">
      <div className="screen-head">
        <div>
          <p className="breadcrumb">
            {collectionSlug === undefined ? (
              <Link href="/">{EDITOR_TEXT.navCollections}</Link>
            ) : (
              <Link href={`/collections/${encodeURIComponent(collectionSlug)}`}>
                {fillText(EDITOR_TEXT.backTo, { title: collectionTitle ?? collectionSlug })}
              </Link>
            )}
          </p>
          <h1>{record.title || EDITOR_TEXT.fieldTitle}</h1>
        </div>
        <div className="head-actions">
          <p className={`save-state save-${saveState}`} role="status" aria-live="polite">
            {statusLine}
          </p>
          {editable ? (
            <button
              type="button"
              className="button button-primary"
              aria-keyshortcuts="Control+S Meta+S"
              disabled={saveState === 'saving' || conflict !== null}
              onClick={() => {
                dirty.current = dirty.current || saveState !== 'saved'
                void save()
              }}
            >
              {EDITOR_TEXT.save}
            </button>
          ) : null}
          <PreviewToggle shown={showPreview} onToggle={() => setShowPreview((v) => !v)} />
        </div>
      </div>
      {conflict !== null ? (
        <ConflictView conflict={conflict} mine={record} kind={answer.kind} onChoose={resolveConflict} />
      ) : null}
      <StatusPanel
        answer={answer}
        status={status}
        publishOn={publishOn}
        beforeChange={save}
        revision={() => revision.current}
        onChanged={(next) => {
          revision.current = next.revision
          setStatus(statusOf(next))
          setPublishOn(next.draft?.publishOn)
          setPreviewVersion((n) => n + 1)
          refreshChanges()
        }}
        onConflict={(c) => {
          conflictRef.current = true
          setConflict(c)
        }}
      />
      <PhoneTabs tab={phoneTab} onChange={setPhoneTab} />
      <div className={`record-body${showPreview ? ' with-preview' : ''} phone-${phoneTab}`}>
        <div className="record-edit">{editorPane}</div>
        {showPreview || phoneTab === 'preview' ? (
          <section className="preview" aria-label={EDITOR_TEXT.preview}>
            <iframe key={previewVersion} title={EDITOR_TEXT.preview} src={previewUrl} />
          </section>
        ) : null}
      </div>
      {answer.draft?.deleted ? <p className="notice">{EDITOR_TEXT.deleteStaged}</p> : null}
      <p className="hint">
        {answer.draft === null
          ? null
          : fillText(EDITOR_TEXT.changedBy, {
              who: answer.draft.updatedBy,
              when: formatWhen(answer.draft.updatedAt, session.site.timeZone),
            })}
      </p>
    </div>
  )
}

function ConflictView({
  conflict,
  mine,
  kind,
  onChoose,
}: {
  conflict: ConflictAnswer['conflict']
  mine: EditorRecord
  kind: string
  onChoose: (keepMine: boolean) => void
}) {
  const theirs = conflict.theirs?.record ?? conflict.live
  const fields = changedFields(theirs, mine)
  const ref = useRef<HTMLElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <section
      className="conflict notice notice-error"
      aria-labelledby="conflict-title"
      tabIndex={-1}
      ref={ref}
    >
      <h2 id="conflict-title">
        {fillText(EDITOR_TEXT.conflict, {
          kind: kind === 'item' ? EDITOR_TEXT.kindItem : EDITOR_TEXT.kindPage,
        })}
      </h2>
      <DiffTable
        caption={EDITOR_TEXT.conflict}
        leftLabel={EDITOR_TEXT.theirVersion}
        rightLabel={EDITOR_TEXT.yourVersion}
        rows={fields.map((field) => ({ field, left: theirs?.[field], right: mine[field] }))}
      />
      <div className="row-actions">
        <button type="button" className="button button-primary" onClick={() => onChoose(true)}>
          {EDITOR_TEXT.keepMine}
        </button>
        <button type="button" className="button" onClick={() => onChoose(false)}>
          {EDITOR_TEXT.takeTheirs}
        </button>
      </div>
    </section>
  )
}

/** Datetime-local text for the next full hour, in the site's time zone (a starting value only). */
function soon(timeZone: string): string {
  return `${epochToZonedTime(Date.now() + 3600_000, timeZone).slice(0, 13)}:00`
}

function StatusPanel({
  answer,
  status,
  publishOn,
  beforeChange,
  revision,
  onChanged,
  onConflict,
}: {
  answer: RecordAnswer
  status: ContentStatus
  publishOn?: number
  beforeChange: () => Promise<boolean>
  revision: () => number
  onChanged: (next: RecordAnswer) => void
  onConflict: (conflict: ConflictAnswer['conflict']) => void
}) {
  const { session } = useSession()
  const id = useId()
  const mayEdit = canEdit(session.capabilities, answer.area)
  const mayPublish = canPublish(session.capabilities, answer.area)
  // A draft exists once the record was saved since it was loaded, or when it had one then.
  const hasDraft = answer.draft !== null || revision() !== answer.revision
  const options = (() => {
    const allowed = nextStatuses(status).filter((to) => {
      // Pages are live or not (the server's rule): Scheduled and Private apply to items.
      if (answer.kind === 'collection' && (to === 'scheduled' || to === 'private')) return false
      const right = transitionRight(status, to)
      return right === 'edit' ? mayEdit : right === 'publish' ? mayPublish : false
    })
    // A change to a live record may be submitted for review; its status stays until then.
    if (isLiveStatus(status) && hasDraft && mayEdit && !allowed.includes('review')) allowed.unshift('review')
    return allowed
  })()
  const [to, setTo] = useState<ContentStatus | ''>('')
  const [when, setWhen] = useState(() => soon(session.site.timeZone))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const apply = async () => {
    if (to === '') return
    const at = zonedTimeToEpoch(when, session.site.timeZone)
    if (to === 'scheduled' && (at === null || at <= Date.now())) {
      setError(EDITOR_TEXT.scheduleInPast)
      return
    }
    setBusy(true)
    setError(null)
    try {
      if (!(await beforeChange())) return
      const next = await api.status(answer.key, {
        to,
        baseRevision: revision(),
        ...(to === 'scheduled' ? { publishOn: when } : {}),
      })
      setTo('')
      onChanged(next)
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && typeof e.body.conflict === 'object')
        onConflict((e.body as unknown as ConflictAnswer).conflict)
      else setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="status-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {EDITOR_TEXT.status}
      </h2>
      <span className="status-now">
        {EDITOR_TEXT.status}: <StatusBadge status={status} />
        {status === 'scheduled' && publishOn !== undefined ? (
          <span className="meta">
            {fillText(EDITOR_TEXT.scheduledFor, { when: formatWhen(publishOn, session.site.timeZone) })}
          </span>
        ) : null}
      </span>
      {options.length > 0 ? (
        <div className="status-change">
          <div className="field">
            <label htmlFor={`${id}-to`}>{EDITOR_TEXT.changeStatusTo}</label>
            <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value as ContentStatus | '')}>
              <option value="">—</option>
              {options.map((s) => (
                <option key={s} value={s}>
                  {s === 'review' ? EDITOR_TEXT.submitForReview : STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
          {to === 'scheduled' ? (
            <div className="field">
              <label htmlFor={`${id}-when`}>{EDITOR_TEXT.publishOn}</label>
              <input
                id={`${id}-when`}
                type="datetime-local"
                value={when}
                onChange={(e) => setWhen(e.target.value)}
              />
            </div>
          ) : null}
          <button type="button" className="button" disabled={to === '' || busy} onClick={apply}>
            {EDITOR_TEXT.apply}
          </button>
        </div>
      ) : null}
      {error === null ? null : (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="hint">{EDITOR_TEXT.statusStaged}</p>
    </section>
  )
}

/** The status a record shows: Needs Review while a change waits for review, else its draft's or its live one. */
function statusOf(answer: RecordAnswer): ContentStatus {
  if (answer.draft?.needsReview) return 'review'
  return answer.draft?.status ?? answer.liveStatus
}
