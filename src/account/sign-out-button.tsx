// Logout. With changes still waiting to upload, the parent is told how many and chooses: keep them on
// this device until they sign in again, or delete them. Either way nothing else of theirs stays here.
import { useNavigate } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { notify } from '../shared/ui/notify'
import { accountMessages } from './account-messages'
import type { SessionActions } from './session-actions'

export function SignOutButton({
  actions,
  onSigningOut,
}: {
  readonly actions: SessionActions
  /** Called before the account changes, so the page does not treat it as 'signed out elsewhere'. */
  readonly onSigningOut: (signingOut: boolean) => void
}) {
  const navigate = useNavigate()
  const [unsent, setUnsent] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)

  async function signOut(keep: boolean) {
    setBusy(true)
    onSigningOut(true)
    try {
      await actions.signOut(keep)
    } catch (error) {
      console.error('Signing out failed', error)
      onSigningOut(false)
      setBusy(false)
      void notify('error', accountMessages.signOutFailed)
      return
    }
    void notify('success', accountMessages.signedOut)
    await navigate({ to: '/' })
  }

  async function start() {
    setBusy(true)
    const count = await actions.unsentCount().catch(() => 0)
    setBusy(false)
    if (count === 0) {
      await signOut(false)
      return
    }
    setUnsent(count)
    queueMicrotask(() => headingRef.current?.focus())
  }

  return (
    <>
      <button type="button" className="account-secondary-button" onClick={() => void start()} disabled={busy}>
        Logout
      </button>
      {unsent !== null && (
        <section className="profile-card profile-confirm" role="alertdialog" aria-labelledby={headingId}>
          <h2 id={headingId} ref={headingRef} tabIndex={-1}>
            Before you sign out
          </h2>
          <p>
            {unsent === 1
              ? '1 change to your children has not been uploaded yet.'
              : `${unsent} changes to your children have not been uploaded yet.`}{' '}
            Keep {unsent === 1 ? 'it' : 'them'} on this device until you sign in again (nothing else of yours
            stays here), or delete {unsent === 1 ? 'it' : 'them'}?
          </p>
          <div className="profile-confirm__actions">
            <button
              type="button"
              className="account-submit"
              disabled={busy}
              onClick={() => void signOut(true)}
            >
              Keep and sign out
            </button>
            <button
              type="button"
              className="account-secondary-button account-danger-button"
              disabled={busy}
              onClick={() => void signOut(false)}
            >
              Delete and sign out
            </button>
            <button
              type="button"
              className="account-link-button"
              disabled={busy}
              onClick={() => setUnsent(null)}
            >
              Cancel
            </button>
          </div>
        </section>
      )}
    </>
  )
}
