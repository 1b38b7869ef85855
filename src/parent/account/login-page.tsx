import { Link, useRouter } from '@tanstack/react-router'
import { type FormEvent, useId, useRef, useState } from 'react'
import { getBackend } from '#shared/backend/backend'
import { Field } from '#shared/ui/field'
import { dismissToasts, notify } from '#shared/ui/notify'
import { accountMessages } from './account-messages'
import { enterAfterSignIn } from './enter-after-sign-in'
import { AFTER_SIGN_IN, safeRedirectTarget } from './redirect-target'
import './account.css'

export interface LoginPageProps {
  /** A safe same-site path to return to after signing in; default /profile. */
  readonly redirectTo?: string | undefined
}

/** Why the visitor landed here: a guarded page they asked for (the redirect target) needs an account. */
function signInReason(redirectTo: string): string {
  const path = redirectTo.split(/[?#]/)[0]
  return path === '/profile' ? accountMessages.signInForProfile : accountMessages.signInToContinue
}

export function LoginPage({ redirectTo }: LoginPageProps) {
  const router = useRouter()
  const emailRef = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [resetBusy, setResetBusy] = useState(false)
  const [resetNote, setResetNote] = useState('')
  // 'Bad User Credentials' is said once, beside the form (no toast too), until the parent types again.
  const [badCredentials, setBadCredentials] = useState(false)
  const ids = { email: useId(), password: useId(), heading: useId(), note: useId(), failed: useId() }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const data = new FormData(event.currentTarget)
    setBusy(true)
    setBadCredentials(false)
    try {
      const { auth } = await getBackend()
      await auth.signIn(String(data.get('email') ?? ''), String(data.get('password') ?? ''))
    } catch {
      // Any sign-in failure, whatever the cause, gives the same message.
      setBusy(false)
      setBadCredentials(true)
      return
    }
    await enterAfterSignIn(router, safeRedirectTarget(redirectTo) ?? AFTER_SIGN_IN)
    // A toast left from an earlier try (a reset that failed) would stay under the success.
    await dismissToasts()
    void notify('success', accountMessages.signedIn)
  }

  async function onForgotPassword() {
    const input = emailRef.current
    if (!input || resetBusy) return
    const email = input.value.trim()
    if (!email || !input.checkValidity()) {
      setResetNote(accountMessages.resetNeedsEmail)
      input.focus()
      return
    }
    setResetNote('')
    setResetBusy(true)
    try {
      const { auth } = await getBackend()
      await auth.sendPasswordReset(email)
      void notify('success', accountMessages.resetSent(email))
    } catch {
      void notify('error', accountMessages.resetFailed)
    } finally {
      setResetBusy(false)
    }
  }

  return (
    <div className="account-page">
      <div className="account-card">
        <section className="account-form-side" aria-labelledby={ids.heading}>
          <h1 id={ids.heading}>Sign In</h1>
          {redirectTo && <p className="account-reason">{signInReason(redirectTo)}</p>}
          <form
            className="account-form"
            onSubmit={onSubmit}
            onInput={() => setBadCredentials(false)}
            aria-busy={busy}
          >
            <Field
              id={ids.email}
              label="Email Address"
              classPrefix="account"
              invalid={badCredentials}
              describedBy={[resetNote && ids.note, badCredentials && ids.failed]}
            >
              {(control) => (
                <input
                  {...control}
                  ref={emailRef}
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  onChange={() => setResetNote('')}
                />
              )}
            </Field>
            <Field
              id={ids.password}
              label="Password"
              classPrefix="account"
              invalid={badCredentials}
              describedBy={[badCredentials && ids.failed]}
            >
              {(control) => (
                <input
                  {...control}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                />
              )}
            </Field>
            <div className="account-forgot">
              <button
                type="button"
                className="account-link-button"
                onClick={onForgotPassword}
                disabled={resetBusy}
                aria-busy={resetBusy}
              >
                Forgot Password ?
              </button>
              <p id={ids.note} className="account-note" aria-live="polite">
                {resetNote}
              </p>
            </div>
            {/* Always in the page (empty until needed): a live region added with its text is not always read. */}
            <p id={ids.failed} className="account-error" role="alert">
              {badCredentials ? accountMessages.badCredentials : ''}
            </p>
            <button type="submit" className="account-submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Signing in…' : 'Sign In'}
            </button>
          </form>
          {/* On a phone the 'New here?' panel sits below the form, past the first screen (and the install
              offer): the way to sign up is also right under the button there. */}
          <p className="account-signup-inline">
            New here?{' '}
            <Link to="/signup" search={redirectTo ? { redirect: redirectTo } : {}}>
              Sign Up
            </Link>
          </p>
        </section>
        <aside className="account-panel" aria-label="New here?">
          <h2>New here?</h2>
          <p>Sign up and discover great amount of new opportunities!</p>
          <Link
            to="/signup"
            search={redirectTo ? { redirect: redirectTo } : {}}
            className="account-panel-link"
          >
            Sign Up
          </Link>
        </aside>
      </div>
    </div>
  )
}
