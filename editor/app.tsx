/**
 * The editor app: the session (sign in, no access, signed in), the frame (header, sidebar
 * navigation, main) and the routes under `/config`. The collections list and sign-in are in the
 * shell; every other screen (and TipTap with the record editor) is a lazy chunk.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { type AroundNavHandler, Link, Route, Router, Switch, useLocation } from 'wouter'
import { EDITOR_TEXT, fillText, type SessionAnswer } from '../shared/index'
import { ApiError, api, messageOf, setUnauthorizedHandler, setXsrfToken, signOut } from './api'
import { currentGuard, guarded, noteUrl, setLeavePrompt } from './guard'
import { Dialog } from './parts/dialog'
import { LoadError, Loading } from './parts/load-error'
import { CollectionsScreen } from './screens/collections'
import { NoAccessScreen } from './screens/no-access'
import { SignInScreen } from './screens/sign-in'
import { SessionContext, type SessionContextValue } from './session'

const CollectionScreen = lazy(() => import('./screens/collection'))
const RecordScreen = lazy(() => import('./screens/record'))
const ChangesScreen = lazy(() => import('./screens/changes'))
const TermsScreen = lazy(() => import('./screens/terms'))
const HistoryScreen = lazy(() => import('./screens/history'))
const NavigationScreen = lazy(() => import('./screens/navigation'))
const FilesScreen = lazy(() => import('./screens/files'))
const DesignScreen = lazy(() => import('./screens/design'))
const SettingsScreen = lazy(() => import('./screens/settings'))
const TemplatesScreen = lazy(() => import('./screens/templates'))
const ConnectionsScreen = lazy(() => import('./screens/connections'))
const OrdersScreen = lazy(() => import('./screens/orders'))
const SubmissionsScreen = lazy(() => import('./screens/submissions'))
const RestockScreen = lazy(() => import('./screens/restock'))
const ReviewsScreen = lazy(() => import('./screens/reviews'))

type SessionState =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'error'; message: string }
  | { state: 'signed-in'; session: SessionAnswer }

/** In-app navigation asks the unsaved-changes guard first. */
const aroundNav: AroundNavHandler = (navigate, to, options) =>
  guarded(() => {
    navigate(to, options)
    noteUrl()
  })

export function App() {
  const [state, setState] = useState<SessionState>({ state: 'loading' })
  const loadSession = useCallback(() => {
    api.session().then(
      (session) => {
        setXsrfToken(session.xsrfToken)
        setState({ state: 'signed-in', session })
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) setState({ state: 'signed-out' })
        else setState({ state: 'error', message: messageOf(error) })
      },
    )
  }, [])
  useEffect(() => {
    setUnauthorizedHandler(() => setState({ state: 'signed-out' }))
    loadSession()
  }, [loadSession])
  const doSignOut = useCallback(() => {
    signOut().finally(() => {
      setXsrfToken('')
      setState({ state: 'signed-out' })
    })
  }, [])

  if (state.state === 'loading') return <Loading />
  if (state.state === 'error')
    return (
      <main id="main" className="center-screen">
        <LoadError title={EDITOR_TEXT.somethingWentWrong} detail={state.message} onRetry={loadSession} />
      </main>
    )
  if (state.state === 'signed-out') return <SignInScreen onSignedIn={loadSession} />
  if (!state.session.access) return <NoAccessScreen session={state.session} onSignOut={doSignOut} />
  return (
    <Router base="/config" aroundNav={aroundNav}>
      <SignedIn session={state.session} onSignOut={doSignOut} />
    </Router>
  )
}

function SignedIn({ session, onSignOut }: { session: SessionAnswer; onSignOut: () => void }) {
  const [changesCount, setChangesCount] = useState<number | null>(null)
  const [location] = useLocation()
  const refreshChanges = useCallback(() => {
    api.changes().then(
      (answer) => setChangesCount(answer.changes.length),
      () => setChangesCount(null),
    )
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: recount on each screen change
  useEffect(() => {
    refreshChanges()
    noteUrl()
  }, [location, refreshChanges])
  const value: SessionContextValue = { session, changesCount, refreshChanges, signOut: onSignOut }
  const mainRef = useRef<HTMLElement>(null)
  const { capabilities } = session
  const navItems = [
    { href: '/', label: EDITOR_TEXT.navCollections, show: true },
    {
      href: '/changes',
      label:
        changesCount === null
          ? EDITOR_TEXT.navChanges
          : fillText(EDITOR_TEXT.navChangesCount, { count: changesCount }),
      show: true,
    },
    { href: '/navigation', label: EDITOR_TEXT.navNavigation, show: true },
    { href: '/files', label: EDITOR_TEXT.navFiles, show: capabilities.read },
    { href: '/design', label: EDITOR_TEXT.navDesign, show: capabilities.read },
    { href: '/settings', label: EDITOR_TEXT.navSettings, show: true },
    { href: '/terms', label: EDITOR_TEXT.navTerms, show: capabilities.manageTerms || capabilities.read },
    { href: '/history', label: EDITOR_TEXT.navHistory, show: capabilities.rollback },
    { href: '/templates', label: EDITOR_TEXT.navTemplates, show: capabilities.editTemplates },
    {
      href: '/connections',
      label: EDITOR_TEXT.navConnections,
      show: capabilities.manageConnections || capabilities.mailingLists,
    },
    { href: '/orders', label: EDITOR_TEXT.navOrders, show: capabilities.manageOrders },
    { href: '/restock', label: EDITOR_TEXT.navRestock, show: capabilities.manageOrders },
    { href: '/reviews', label: EDITOR_TEXT.navReviews, show: capabilities.moderateReviews },
    { href: '/submissions', label: EDITOR_TEXT.navSubmissions, show: capabilities.readSubmissions },
  ]
  const isCurrent = (href: string) =>
    href === '/'
      ? location === '/' || location.startsWith('/collections') || location.startsWith('/records')
      : location.startsWith(href)
  return (
    <SessionContext.Provider value={value}>
      <a className="skip-link" href="#main">
        {EDITOR_TEXT.skipToContent}
      </a>
      <div className="frame">
        <header className="sidebar">
          <div className="brand">
            <span className="brand-site">{session.site.title}</span>
            <span className="brand-app">{EDITOR_TEXT.editorTitle}</span>
          </div>
          <nav aria-label={EDITOR_TEXT.navMain} className="nav">
            <ul>
              {navItems
                .filter((item) => item.show)
                .map((item) => (
                  <li key={item.href}>
                    <Link href={item.href} aria-current={isCurrent(item.href) ? 'page' : undefined}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              <li>
                <a href={session.site.origin || '/'} target="_blank" rel="noopener noreferrer">
                  {EDITOR_TEXT.navViewSite}
                </a>
              </li>
            </ul>
          </nav>
          {changesCount !== null &&
          changesCount > 0 &&
          (capabilities.publishContent || capabilities.publishProducts) ? (
            <Link href="/changes?publish=now" className="button button-primary header-publish">
              {EDITOR_TEXT.publish}
            </Link>
          ) : null}
          <div className="account">
            <span className="account-email">{session.user.email}</span>
            <button type="button" className="button button-quiet" onClick={() => guarded(onSignOut)}>
              {EDITOR_TEXT.signOut}
            </button>
          </div>
        </header>
        <main id="main" ref={mainRef} className="main" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            <Switch>
              <Route path="/" component={CollectionsScreen} />
              <Route path="/collections/:slug" component={CollectionScreen} />
              <Route path="/records/:key" component={RecordScreen} />
              <Route path="/changes" component={ChangesScreen} />
              <Route path="/terms" component={TermsScreen} />
              <Route path="/history" component={HistoryScreen} />
              <Route path="/navigation" component={NavigationScreen} />
              <Route path="/files" component={FilesScreen} />
              <Route path="/design" component={DesignScreen} />
              <Route path="/settings" component={SettingsScreen} />
              <Route path="/templates" component={TemplatesScreen} />
              <Route path="/templates/:name" component={TemplatesScreen} />
              <Route path="/connections" component={ConnectionsScreen} />
              <Route path="/orders" component={OrdersScreen} />
              <Route path="/orders/:id" component={OrdersScreen} />
              <Route path="/submissions" component={SubmissionsScreen} />
              <Route path="/submissions/:formId" component={SubmissionsScreen} />
              <Route path="/submissions/:formId/:id" component={SubmissionsScreen} />
              <Route path="/restock" component={RestockScreen} />
              <Route path="/reviews" component={ReviewsScreen} />
              <Route>
                <div className="notice notice-error" role="alert">
                  <p className="notice-title">{EDITOR_TEXT.unableToLocateContent}</p>
                  <Link href="/">{EDITOR_TEXT.navCollections}</Link>
                </div>
              </Route>
            </Switch>
          </Suspense>
        </main>
      </div>
      <LeaveDialog />
    </SessionContext.Provider>
  )
}

/** 'You have made changes. Do you want to save or discard them?' with Save, Discard, Review Changes. */
function LeaveDialog() {
  const [go, setGo] = useState<(() => void) | null>(null)
  const [busy, setBusy] = useState(false)
  const [, navigate] = useLocation()
  useEffect(() => {
    setLeavePrompt((next) => setGo(() => next))
    return () => setLeavePrompt(null)
  }, [])
  const close = () => setGo(null)
  const saveThen = async (then: () => void) => {
    const guard = currentGuard()
    setBusy(true)
    const ok = guard === null ? true : await guard.save()
    setBusy(false)
    close()
    if (ok) then()
  }
  return (
    <Dialog
      open={go !== null}
      title={EDITOR_TEXT.unsavedChanges}
      onClose={close}
      actions={
        <>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => saveThen(() => navigate('/changes'))}
          >
            {EDITOR_TEXT.reviewChanges}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              currentGuard()?.discard()
              close()
              go?.()
            }}
          >
            {EDITOR_TEXT.discard}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => saveThen(() => go?.())}
          >
            {EDITOR_TEXT.save}
          </button>
        </>
      }
    />
  )
}
