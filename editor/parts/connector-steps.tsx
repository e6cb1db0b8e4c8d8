/**
 * The connector's three steps with their step indicator: choose a service, choose a list (or
 * create one, for local lists), confirm. The server's messages are shown as it words them ('A List
 * must be selected', 'Unable to connect. Please try again' with Retry).
 */
import { type FormEvent, useId, useState } from 'react'
import {
  CONNECTIONS_TEXT,
  type MailingListProvider,
  type MailingListSummary,
  type MailingListsAnswer,
  memberCountText,
  providerName,
} from '../../shared/editing-areas'
import { fillText } from '../../shared/index'
import { ApiError, messageOf, request } from '../api'
import { LoadError, Loading } from './load-error'
import { StepIndicator } from './step-indicator'

export const MAILING_LIST_API = '/config/api/connections/mailing-list'
const BASE = MAILING_LIST_API
const STEPS = [CONNECTIONS_TEXT.stepService, CONNECTIONS_TEXT.stepList, CONNECTIONS_TEXT.stepConfirm]

type ListsState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; lists: MailingListSummary[] }

export function ConnectorSteps({
  providers,
  onConnected,
}: {
  providers: MailingListProvider[]
  onConnected: () => void
}) {
  const [step, setStep] = useState(0)
  const [provider, setProvider] = useState<MailingListProvider | null>(
    providers.length === 1 ? (providers[0] ?? null) : null,
  )
  const [lists, setLists] = useState<ListsState>({ state: 'loading' })
  const [listId, setListId] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [retryConnect, setRetryConnect] = useState(false)
  const ids = { service: useId(), list: useId(), problem: useId(), step: useId() }

  const loadLists = async (chosen: MailingListProvider) => {
    setLists((previous) => (previous.state === 'ready' ? previous : { state: 'loading' }))
    try {
      const answer = await request<MailingListsAnswer>('GET', `${BASE}/lists?provider=${chosen}`)
      setLists({ state: 'ready', lists: answer.lists })
    } catch (error) {
      setLists({ state: 'error', message: messageOf(error) })
    }
  }
  const go = (next: number) => {
    setProblem(null)
    setRetryConnect(false)
    setStep(next)
    // The new step's heading takes focus, so a screen reader hears where it is.
    requestAnimationFrame(() => document.getElementById(ids.step)?.focus())
  }
  const nextFromService = () => {
    if (provider === null) {
      setProblem(CONNECTIONS_TEXT.serviceMustBeSelected)
      return
    }
    setListId(null)
    setLists({ state: 'loading' })
    void loadLists(provider)
    go(1)
  }
  const nextFromList = () => {
    if (listId === null) {
      setProblem(CONNECTIONS_TEXT.listMustBeSelected)
      return
    }
    go(2)
  }
  const connect = async () => {
    setBusy(true)
    setProblem(null)
    setRetryConnect(false)
    try {
      await request('PUT', BASE, { provider, listId })
      onConnected()
    } catch (error) {
      setProblem(messageOf(error))
      setRetryConnect(error instanceof ApiError && (error.status === 0 || error.status >= 500))
    } finally {
      setBusy(false)
    }
  }
  const chosenList = lists.state === 'ready' ? lists.lists.find((list) => list.id === listId) : undefined

  return (
    <div className="connector">
      <StepIndicator label={CONNECTIONS_TEXT.steps} steps={STEPS} current={step} />
      <h3 id={ids.step} className="step-heading" tabIndex={-1}>
        {STEPS[step]}
      </h3>
      {step === 0 ? (
        <fieldset className="choice-group" aria-describedby={problem === null ? undefined : ids.problem}>
          <legend className="visually-hidden">{CONNECTIONS_TEXT.serviceLegend}</legend>
          {providers.map((option) => (
            <div className="field-check" key={option}>
              <input
                type="radio"
                id={`${ids.service}-${option}`}
                name={ids.service}
                checked={provider === option}
                onChange={() => {
                  setProvider(option)
                  setProblem(null)
                }}
              />
              <label htmlFor={`${ids.service}-${option}`}>
                {providerName(option)}{' '}
                <span className="hint">
                  {option === 'local'
                    ? CONNECTIONS_TEXT.providerLocalHint
                    : CONNECTIONS_TEXT.providerMailchimpHint}
                </span>
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      {step === 1 && provider !== null ? (
        <ListStep
          provider={provider}
          lists={lists}
          listId={listId}
          problem={problem}
          problemId={ids.problem}
          name={ids.list}
          onPick={(id) => {
            setListId(id)
            setProblem(null)
          }}
          onRetry={() => loadLists(provider)}
          onCreated={() => loadLists(provider)}
        />
      ) : null}
      {step === 2 && provider !== null ? (
        <p>
          {fillText(CONNECTIONS_TEXT.confirmSummary, {
            list: chosenList?.name ?? '',
            service: providerName(provider),
          })}
        </p>
      ) : null}
      {problem === null || step === 1 ? null : (
        <p id={ids.problem} className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="row-actions">
        {step > 0 ? (
          <button type="button" className="button" onClick={() => go(step - 1)}>
            {CONNECTIONS_TEXT.back}
          </button>
        ) : null}
        {step === 0 ? (
          <button type="button" className="button button-primary" onClick={nextFromService}>
            {CONNECTIONS_TEXT.next}
          </button>
        ) : null}
        {step === 1 ? (
          <button
            type="button"
            className="button button-primary"
            onClick={nextFromList}
            disabled={lists.state !== 'ready'}
          >
            {CONNECTIONS_TEXT.next}
          </button>
        ) : null}
        {step === 2 ? (
          <button type="button" className="button button-primary" onClick={connect} disabled={busy}>
            {busy
              ? CONNECTIONS_TEXT.connecting
              : retryConnect
                ? CONNECTIONS_TEXT.retry
                : CONNECTIONS_TEXT.connect}
          </button>
        ) : null}
      </div>
    </div>
  )
}

function ListStep({
  provider,
  lists,
  listId,
  problem,
  problemId,
  name,
  onPick,
  onRetry,
  onCreated,
}: {
  provider: MailingListProvider
  lists: ListsState
  listId: string | null
  problem: string | null
  problemId: string
  name: string
  onPick: (id: string) => void
  onRetry: () => void
  onCreated: () => void
}) {
  if (lists.state === 'loading') return <Loading />
  if (lists.state === 'error')
    return <LoadError title={CONNECTIONS_TEXT.unableToConnect} detail={lists.message} onRetry={onRetry} />
  return (
    <>
      {lists.lists.length === 0 ? (
        <div className="notice notice-warn" role="status">
          <p>{CONNECTIONS_TEXT.noMailingLists}</p>
        </div>
      ) : (
        <fieldset className="choice-group" aria-describedby={problem === null ? undefined : problemId}>
          <legend className="visually-hidden">{CONNECTIONS_TEXT.listLegend}</legend>
          {lists.lists.map((list) => (
            <div className="field-check" key={list.id}>
              <input
                type="radio"
                id={`${name}-${list.id}`}
                name={name}
                checked={listId === list.id}
                onChange={() => onPick(list.id)}
                aria-invalid={problem === null ? undefined : true}
              />
              <label htmlFor={`${name}-${list.id}`}>
                {list.name} <span className="hint">{memberCountText(list.memberCount)}</span>
              </label>
            </div>
          ))}
        </fieldset>
      )}
      {problem === null ? null : (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      )}
      {provider === 'local' ? <CreateList onCreated={onCreated} /> : null}
    </>
  )
}

function CreateList({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') {
      setError(CONNECTIONS_TEXT.listNameRequired)
      return
    }
    setBusy(true)
    setError(null)
    try {
      await request<MailingListSummary>('POST', `${BASE}/lists`, { name: name.trim() })
      setName('')
      onCreated()
    } catch (problem) {
      setError(messageOf(problem))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="inline-form create-list" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{CONNECTIONS_TEXT.listName}</label>
        <input
          id={id}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error === null ? undefined : true}
          aria-describedby={error === null ? undefined : `${id}-error`}
        />
        {error === null ? null : (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {CONNECTIONS_TEXT.createList}
      </button>
    </form>
  )
}
