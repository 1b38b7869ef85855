import { Link, useRouter } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { getBackend } from '#shared/backend/backend'
import { USER_NAME_MAX } from '#shared/records/user-record'
import { Field, limitCharacters } from '#shared/ui/field'
import { notify } from '#shared/ui/notify'
import { accountMessages } from './account-messages'
import { enterAfterSignIn } from './enter-after-sign-in'
import { AFTER_SIGN_IN, safeRedirectTarget } from './redirect-target'
import './account.css'

/** Firebase Authentication refuses shorter passwords; saying so up front spares a failed sign-up. */
export const PASSWORD_MIN = 6

export interface SignupPageProps {
  /** A safe same-site path to go to after signing up; default /profile. */
  readonly redirectTo?: string | undefined
}

export function SignupPage({ redirectTo }: SignupPageProps) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  // Controlled only to hold it to USER_NAME_MAX characters (maxLength would count UTF-16 units).
  const [name, setName] = useState('')
  const ids = { name: useId(), email: useId(), password: useId(), heading: useId() }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const data = new FormData(event.currentTarget)
    setBusy(true)
    try {
      const { auth } = await getBackend()
      await auth.signUp(
        String(data.get('name') ?? ''),
        String(data.get('email') ?? ''),
        String(data.get('password') ?? ''),
      )
    } catch {
      // Any sign-up failure, no distinction by cause.
      setBusy(false)
      void notify('error', accountMessages.registrationFailed)
      return
    }
    await enterAfterSignIn(router, safeRedirectTarget(redirectTo) ?? AFTER_SIGN_IN)
    void notify('success', accountMessages.signedUp)
  }

  return (
    <div className="account-page">
      <div className="account-card">
        <section className="account-form-side" aria-labelledby={ids.heading}>
          <h1 id={ids.heading}>Sign Up</h1>
          <form className="account-form" onSubmit={onSubmit} aria-busy={busy}>
            <Field
              id={ids.name}
              label="Name"
              hint="How we greet you. You can change it later on your profile."
              classPrefix="account"
            >
              {(control) => (
                <input
                  {...control}
                  name="name"
                  type="text"
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(limitCharacters(name, e.target.value, USER_NAME_MAX))}
                />
              )}
            </Field>
            <Field id={ids.email} label="Email" classPrefix="account">
              {(control) => (
                <input
                  {...control}
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                />
              )}
            </Field>
            <Field
              id={ids.password}
              label="Password"
              hint={`At least ${PASSWORD_MIN} characters.`}
              classPrefix="account"
            >
              {(control) => (
                <input
                  {...control}
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={PASSWORD_MIN}
                />
              )}
            </Field>
            <button type="submit" className="account-submit" disabled={busy} aria-busy={busy}>
              {busy ? 'Signing up…' : 'Sign Up Now'}
            </button>
          </form>
        </section>
        <aside className="account-panel" aria-label="One of us?">
          <h2>One of us?</h2>
          <p>If you already have an account, just sign in. We've missed you!</p>
          <Link
            to="/login"
            search={redirectTo ? { redirect: redirectTo } : {}}
            className="account-panel-link"
          >
            Sign In
          </Link>
        </aside>
      </div>
    </div>
  )
}
