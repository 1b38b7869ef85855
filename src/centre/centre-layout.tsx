// /centre's frame: the staff's own navigation (Registrations, Today at the door, Inquiries with the
// number not yet handled), a note while the lists come from this device only, and 'Sign out'. Anyone who is not staff
// gets one sentence and no data: no list is opened for them.
import { Link, useNavigate } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react'
import { isOnline, isOnlineOnServer, subscribeOnline } from '#shared/ui/online-status'
// The staff screens' styles are a file of their own, not part of the one stylesheet every page inlines
// (vite.config.ts: cssCodeSplit false): marketing pages and the parent area never carry them. A
// stylesheet file, not an inline <style>: the Content-Security-Policy allows styles from the site and
// hashed inline ones only (docs/decisions/0010). React hoists the <link> into the head once and
// holds the screen until it has loaded; the centre's guard asks for it beforehand (app/centre-guard.ts).
import centreCssUrl from './centre.css?url'
import { type CentreStore, unhandledCount, useCentreState } from './centre-store'
import { MailChoices } from './mail-choices'
import { RetentionSetting } from './retention-setting'

function CentreStyles() {
  // Vitest's stand-in for a `?url` import is '': no <link href=""> (React warns at it).
  return centreCssUrl ? <link rel="stylesheet" href={centreCssUrl} precedence="default" /> : null
}

export const STAFF_ONLY = "This area is for Sunbeam's staff"

export function StaffOnly() {
  return (
    <div className="centre-page centre-page--closed">
      <CentreStyles />
      <h1>Sunbeam centre</h1>
      <p className="notice notice--info">{STAFF_ONLY}.</p>
      <Link to="/" className="button button--primary">
        Go to the home page
      </Link>
    </div>
  )
}

export interface CentreLayoutProps {
  readonly store: CentreStore
  readonly email: string | null
  readonly signOut: () => Promise<void>
  readonly children: ReactNode
}

export function CentreLayout({ store, email, signOut, children }: CentreLayoutProps) {
  const state = useCentreState(store)
  const open = unhandledCount(state)
  const navigate = useNavigate()
  const [leaving, setLeaving] = useState(false)
  const online = useSyncExternalStore(subscribeOnline, isOnline, isOnlineOnServer)
  // Lists come from the cache for a moment on every start: say so only offline, or when the server
  // has not answered for a while (a connection that answers nothing).
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    setSlow(false)
    if (!state.fromCache) return
    const timer = setTimeout(() => setSlow(true), 4_000)
    return () => clearTimeout(timer)
  }, [state.fromCache])
  const seen = state.children !== undefined || state.inquiries !== undefined

  async function leave() {
    setLeaving(true)
    try {
      await signOut()
      await navigate({ to: '/' })
    } finally {
      setLeaving(false)
    }
  }

  return (
    <div className="centre-page">
      <CentreStyles />
      <div className="centre-head">
        <div>
          <h1>Sunbeam centre</h1>
          {email && <p className="centre-who">Signed in as {email}</p>}
        </div>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void leave()}
          disabled={leaving}
        >
          Sign out
        </button>
      </div>
      <nav aria-label="Centre" className="centre-nav">
        <ul>
          <li>
            <Link to="/centre" activeOptions={{ exact: true }} className="centre-nav__link">
              Registrations
            </Link>
          </li>
          <li>
            <Link to="/centre/today" className="centre-nav__link">
              Today
            </Link>
          </li>
          <li>
            <Link to="/centre/inquiries" className="centre-nav__link">
              Inquiries
              {open > 0 && (
                <span className="centre-count">
                  <span aria-hidden="true">{open}</span>
                  <span className="visually-hidden">, {open} not handled</span>
                </span>
              )}
            </Link>
          </li>
        </ul>
      </nav>
      {seen && (!online || (slow && state.fromCache)) && (
        <p className="notice notice--info centre-offline" role="status">
          Showing what this device last saw. Changes are kept here and sent when the connection returns.
        </p>
      )}
      {state.failed && (
        <p className="notice notice--error" role="alert">
          Some of the centre's records could not be loaded. Please sign in again or try later.
        </p>
      )}
      {children}
      <MailChoices port={store.port} />
      <RetentionSetting port={store.port} />
    </div>
  )
}
