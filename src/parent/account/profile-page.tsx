import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import type { AuthUser } from '#shared/backend/backend-ports'
import type { KidPlan } from '#shared/records/kid-record'
import { normalizeUserName, USER_NAME_MAX } from '#shared/records/user-record'
import { Field, limitCharacters } from '#shared/ui/field'
import { notify } from '#shared/ui/notify'
import { accountMessages } from './account-messages'
import { AuthPendingLoader } from './auth-pending'
import { type AuthSession, useAuthState } from './auth-session'
import { EmailVerification } from './email-verification'
import { MyDataSection } from './my-data-section'
import { useParentScope } from './parent-scope-context'
import type { SessionActions } from './session-actions'
import { SignOutButton } from './sign-out-button'
import './account.css'

export interface ProfilePageProps {
  /** The 'Your Kids' list (src/parent/children renders it; it shows only when the parent has children). */
  readonly kidsSection?: ReactNode
  /** The centre's notices and the push choice (the notices feature's section). */
  readonly noticesSection?: ReactNode
  /** Sign-out and the parent's data (the app composes them from the outbox and the backend). */
  readonly actions: SessionActions
  /** The signed-in state (from the router's context). */
  readonly session: AuthSession
  /** The plan a visitor chose on a plan card: 'Add your child' carries it to the add form. */
  readonly chosenPlan?: KidPlan | undefined
}

export function ProfilePage({ kidsSection, noticesSection, actions, session, chosenPlan }: ProfilePageProps) {
  const auth = useAuthState(session)
  const navigate = useNavigate()
  const chosenPlanId = useId()
  const signingOut = useRef(false)
  const setSigningOut = (value: boolean) => {
    signingOut.current = value
  }

  // Signed out elsewhere (another tab, an expired session): back to the sign-in screen, then here again.
  useEffect(() => {
    if (auth.status === 'signedOut' && !signingOut.current)
      void navigate({ to: '/login', search: { redirect: '/profile' }, replace: true })
  }, [auth.status, navigate])

  // Once signed out (Logout here, or elsewhere on the way to the sign-in screen) the page shows none of
  // the parent's data: its sections would read it again after sign-out removed it from this device.
  // Nor does it say 'Checking that you are signed in…': the guard has checked already.
  if (auth.status === 'signedOut')
    return <AuthPendingLoader label={signingOut.current ? 'Signing out…' : 'You are signed out.'} />
  if (auth.status !== 'signedIn') return <AuthPendingLoader />

  return (
    <div className="profile-page">
      <header className="profile-header">
        <h1>My Profile</h1>
        <SignOutButton actions={actions} onSigningOut={setSigningOut} />
      </header>
      {chosenPlan ? (
        // Arrived from 'Choose Plan': say which plan, with 'Add your child' for it first on the page.
        <section className="profile-chosen-plan" aria-labelledby={chosenPlanId}>
          <h2 id={chosenPlanId}>You chose the {chosenPlan} Plan</h2>
          <p>Add your child to register them for it; you can still pick another plan in the form.</p>
          <Link to="/add-kid" search={{ plan: chosenPlan }} className="profile-add-kid">
            Add your child
          </Link>
        </section>
      ) : null}
      {noticesSection}
      <PersonalDetails user={auth.user} />
      {chosenPlan ? null : (
        <Link to="/add-kid" className="profile-add-kid">
          Add your child
        </Link>
      )}
      {kidsSection}
      <MyDataSection actions={actions} onSigningOut={setSigningOut} />
    </div>
  )
}

function PersonalDetails({ user }: { readonly user: AuthUser }) {
  const { auth } = useParentScope().backend
  const savedName = user.displayName ?? ''
  const [editing, setEditing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [name, setName] = useState(savedName)
  const [problem, setProblem] = useState('')
  // Where the last new name is: kept on this device, or on the server (null: nothing to say).
  const [saved, setSaved] = useState<'kept' | 'sent' | null>(null)
  // Only the latest change's answer from the server changes what the card says.
  const latest = useRef(0)
  const nameRef = useRef<HTMLInputElement>(null)
  const changeRef = useRef<HTMLButtonElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  // 'done' (or Escape) ends the edit and 'done' leaves the page: focus goes back to 'change'.
  const focusChange = useRef(false)
  const ids = { heading: useId(), name: useId(), email: useId() }

  useEffect(() => {
    if (editing || !focusChange.current) return
    focusChange.current = false
    changeRef.current?.focus()
  }, [editing])

  // Show the stored name whenever it changes and the parent is not typing a new one.
  useEffect(() => {
    if (!editing) setName(savedName)
  }, [savedName, editing])

  function startEditing() {
    setSaved(null)
    setEditing(true)
    // Focus the now-editable name so keyboard and screen reader users land where they can type.
    queueMicrotask(() => nameRef.current?.focus())
  }

  async function finishEditing(event?: FormEvent) {
    event?.preventDefault()
    if (busy) return
    const next = normalizeUserName(name)
    if (!next) {
      setProblem(accountMessages.nameRequired)
      nameRef.current?.focus()
      return
    }
    setProblem('')
    // Toggling from change to done saves the name only if it differs from the current one.
    if (next === savedName) {
      setName(next)
      focusChange.current = true
      setEditing(false)
      return
    }
    setBusy(true)
    const attempt = ++latest.current
    try {
      const { sent } = await auth.updateName(next)
      setName(next)
      // Unless the parent has moved on meanwhile, focus goes back to 'change' (the 'done' pressed is gone).
      focusChange.current = focusWithin(formRef.current)
      setEditing(false)
      setSaved('kept')
      sent.then(
        () => attempt === latest.current && setSaved('sent'),
        () => {
          if (attempt !== latest.current) return
          setSaved(null)
          void notify('error', accountMessages.profileUpdateFailed)
        },
      )
    } catch {
      void notify('error', accountMessages.profileUpdateFailed)
    } finally {
      setBusy(false)
    }
  }

  /** Escape in the name: the edit is cancelled, the saved name back, focus on 'change'. */
  function cancelEditing() {
    latest.current += 1
    setName(savedName)
    setProblem('')
    focusChange.current = true
    setEditing(false)
  }

  return (
    <section className="profile-card" aria-labelledby={ids.heading}>
      <form ref={formRef} className="account-form" onSubmit={finishEditing} aria-busy={busy}>
        <div className="profile-card-head">
          <h2 id={ids.heading}>Personal Details</h2>
          {/* Distinct keys: reusing one <button> whose type flips to submit during its own click
              would make the browser submit the form at once (change would turn straight into done). */}
          {editing ? (
            <button key="done" type="submit" className="account-link-button" disabled={busy} aria-busy={busy}>
              done
            </button>
          ) : (
            <button
              key="change"
              ref={changeRef}
              type="button"
              className="account-link-button"
              onClick={startEditing}
            >
              change
            </button>
          )}
        </div>
        <div className="profile-details">
          <Field id={ids.name} label="Name" error={problem} classPrefix="account">
            {(control) => (
              <input
                {...control}
                ref={nameRef}
                name="name"
                type="text"
                autoComplete="name"
                readOnly={!editing}
                value={name}
                onKeyDown={(e) => {
                  if (e.key === 'Escape' && editing && !busy) {
                    e.preventDefault()
                    cancelEditing()
                  }
                }}
                onChange={(e) => setName(limitCharacters(name, e.target.value, USER_NAME_MAX))}
              />
            )}
          </Field>
          {/* The e-mail is the sign-in identity; it is shown, not edited here. */}
          <Field id={ids.email} label="Email" classPrefix="account">
            {(control) => <input {...control} name="email" type="email" readOnly value={user.email ?? ''} />}
          </Field>
        </div>
        <div role="status">
          {saved === 'kept' && <p className="notice notice--info">{accountMessages.nameKept}</p>}
          {saved === 'sent' && <p className="notice notice--success">{accountMessages.nameSaved}</p>}
        </div>
      </form>
      {user.email && <EmailVerification email={user.email} />}
    </section>
  )
}

/** Whether focus is in `element`, or nowhere (on the body, where a removed or disabled button leaves it). */
function focusWithin(element: HTMLElement | null): boolean {
  const active = document.activeElement
  return !active || active === document.body || Boolean(element?.contains(active))
}
