/**
 * `/config/submissions` (the site's forms with their counts), `/config/submissions/:formId` (a
 * page of 50, newest first; Export CSV) and `/config/submissions/:formId/:id` (one submission,
 * each field as the spec's summary renderers print it). `readSubmissions` only (ADMIN, EDITOR).
 */
import { useEffect } from 'react'
import { Link, useParams } from 'wouter'
import {
  type FormSummaryRow,
  RECORDS_TEXT,
  type RecordPage,
  type SubmissionDetail,
  type SubmissionRow,
} from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { request } from '../api'
import { formatWhen } from '../format'
import { useLoad } from '../hooks'
import { LoadError, Loading } from '../parts/load-error'
import { Cell, Pager, RecordTable, useQuery } from '../parts/record-list'
import { screenTitle, useSession } from '../session'

const T = RECORDS_TEXT
const formPath = (formId: string) => `/config/api/forms/${encodeURIComponent(formId)}`

export default function SubmissionsScreen() {
  const { formId, id } = useParams<{ formId?: string; id?: string }>()
  if (formId === undefined) return <FormsList />
  const form = decodeURIComponent(formId)
  return id === undefined ? <SubmissionsList formId={form} /> : <SubmissionView formId={form} id={id} />
}

function FormsList() {
  const { session } = useSession()
  const [load, reload] = useLoad(() => request<{ forms: FormSummaryRow[] }>('GET', '/config/api/forms'), [])
  useEffect(() => screenTitle(T.submissionsTitle, session.site.title), [session.site.title])
  return (
    <>
      <div className="screen-head">
        <h1>{T.submissionsTitle}</h1>
      </div>
      {load.state === 'loading' ? (
        <Loading />
      ) : load.state === 'error' ? (
        <LoadError title={T.formsLoadFailed} detail={load.message} onRetry={reload} />
      ) : load.data.forms.length === 0 ? (
        <p className="records-empty">{T.noForms}</p>
      ) : (
        <RecordTable
          caption={T.formsCaption}
          columns={[{ label: T.colForm }, { label: T.colSubmissions, numeric: true }, { label: T.colLatest }]}
        >
          {load.data.forms.map((form) => (
            <tr key={form.formId}>
              <Cell label={T.colForm}>
                <Link href={`/submissions/${encodeURIComponent(form.formId)}`}>{form.name}</Link>
              </Cell>
              <Cell label={T.colSubmissions} numeric>
                {form.count}
              </Cell>
              <Cell label={T.colLatest}>
                {form.latest === null ? T.never : formatWhen(form.latest, session.site.timeZone)}
              </Cell>
            </tr>
          ))}
        </RecordTable>
      )}
    </>
  )
}

type SubmissionsAnswer = RecordPage<SubmissionRow> & { form: { formId: string; name: string } }

function SubmissionsList({ formId }: { formId: string }) {
  const { session } = useSession()
  const [query, setQuery] = useQuery()
  const cursor = query.get('cursor') ?? ''
  const [load, reload] = useLoad(
    () =>
      request<SubmissionsAnswer>(
        'GET',
        `${formPath(formId)}/submissions${cursor === '' ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
      ),
    [formId, cursor],
  )
  const name = load.state === 'ready' ? load.data.form.name : formId
  useEffect(
    () => screenTitle(`${name} · ${T.submissionsTitle}`, session.site.title),
    [name, session.site.title],
  )
  const { timeZone } = session.site
  return (
    <>
      <p className="breadcrumb">
        <Link href="/submissions">{T.backToForms}</Link>
      </p>
      <div className="screen-head">
        <div>
          <h1>{name}</h1>
          <p className="meta">{T.submissionsTitle}</p>
        </div>
        {load.state === 'ready' && load.data.rows.length > 0 ? (
          <div className="head-actions">
            <a
              className="button"
              href={`${formPath(formId)}/submissions.csv`}
              download
              aria-describedby="csv-hint"
            >
              {T.exportCsv}
            </a>
            <p id="csv-hint" className="hint">
              {T.exportCsvHint}
            </p>
          </div>
        ) : null}
      </div>
      {load.state === 'loading' ? (
        <Loading />
      ) : load.state === 'error' ? (
        <LoadError
          title={T.submissionsLoadFailed}
          detail={load.message}
          onRetry={reload}
          screen={load.status === 404}
        />
      ) : load.data.rows.length === 0 ? (
        <p className="records-empty">{T.noSubmissions}</p>
      ) : (
        <>
          <RecordTable
            caption={fillText(T.submissionsCaption, { form: name })}
            columns={[{ label: T.colSubmitted }, { label: T.colSummary }, { label: T.colPage }]}
          >
            {load.data.rows.map((row) => {
              const when = formatWhen(row.createdAt, timeZone)
              return (
                <tr key={row.id}>
                  <Cell label={T.colSubmitted}>
                    <Link
                      href={`/submissions/${encodeURIComponent(formId)}/${row.id}`}
                      aria-label={fillText(T.viewSubmissionOf, { when })}
                    >
                      {when}
                    </Link>
                  </Cell>
                  <Cell label={T.colSummary}>{row.summary}</Cell>
                  <Cell label={T.colPage}>
                    <span className="mono">{row.pagePath}</span>
                  </Cell>
                </tr>
              )
            })}
          </RecordTable>
          <Pager
            label={T.submissionsTitle}
            onPrevious={
              load.data.previousCursor === null ? null : () => setQuery({ cursor: load.data.previousCursor })
            }
            onNext={load.data.nextCursor === null ? null : () => setQuery({ cursor: load.data.nextCursor })}
          />
        </>
      )}
    </>
  )
}

function SubmissionView({ formId, id }: { formId: string; id: string }) {
  const { session } = useSession()
  const [load, reload] = useLoad(
    () => request<SubmissionDetail>('GET', `${formPath(formId)}/submissions/${encodeURIComponent(id)}`),
    [formId, id],
  )
  const title =
    load.state === 'ready'
      ? fillText(T.submissionTitle, { when: formatWhen(load.data.createdAt, session.site.timeZone) })
      : T.submissionsTitle
  useEffect(() => screenTitle(title, session.site.title), [title, session.site.title])
  if (load.state === 'loading') return <Loading />
  if (load.state === 'error')
    return <LoadError title={T.submissionLoadFailed} detail={load.message} onRetry={reload} screen />
  const submission = load.data
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/submissions/${encodeURIComponent(formId)}`}>
          {fillText(T.backToSubmissions, { form: submission.formName })}
        </Link>
      </p>
      <div className="screen-head">
        <div>
          <h1>{title}</h1>
          <p className="meta">
            <span>{submission.formName}</span>
            {submission.pagePath === '' ? null : (
              <span>
                {T.submittedOnPage} <span className="mono">{submission.pagePath}</span>
              </span>
            )}
          </p>
        </div>
      </div>
      <dl className="records-answers">
        {submission.fields.map((field) => (
          <div key={field.id} className="records-answer">
            <dt>{field.title}</dt>
            <dd>
              {field.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an answer's lines are fixed; two may read the same
                <span key={index} className="records-line">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </>
  )
}
