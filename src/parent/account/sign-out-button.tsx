// Logout. With changes still waiting to upload, the parent is told how many and chooses: keep them on
// this device until they sign in again, or delete them. Either way nothing else of theirs stays here.
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { ConfirmDialog } from '#shared/ui/confirm-dialog'
import { notify } from '#shared/ui/notify'
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
  // Disabled while the unsent changes are counted, the button lets focus go: the dialog gives it back.
  const logoutRef = useRef<HTMLButtonElement>(null)

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
  }

  return (
    <>
      <button
        ref={logoutRef}
        type="button"
        className="account-secondary-button"
        onClick={() => void start()}
        disabled={busy}
      >
        Logout
      </button>
      {unsent !== null && (
        <ConfirmDialog
          title="Before you sign out"
          onCancel={() => setUnsent(null)}
          busy={busy}
          returnFocus={() => logoutRef.current}
          actions={
            <>
              <button
                type="button"
                className="confirm-dialog__button confirm-dialog__button--primary"
                disabled={busy}
                onClick={() => void signOut(true)}
                data-autofocus
              >
                Keep and sign out
              </button>
              <button
                type="button"
                className="confirm-dialog__button confirm-dialog__button--danger"
                disabled={busy}
                onClick={() => void signOut(false)}
              >
                Delete and sign out
              </button>
              <button
                type="button"
                className="confirm-dialog__button"
                disabled={busy}
                onClick={() => setUnsent(null)}
              >
                Cancel
              </button>
            </>
          }
        >
          <p>
            {unsent === 1
              ? '1 change to your children has not been uploaded yet.'
              : `${unsent} changes to your children have not been uploaded yet.`}{' '}
            Keep {unsent === 1 ? 'it' : 'them'} on this device until you sign in again (nothing else of yours
            stays here), or delete {unsent === 1 ? 'it' : 'them'}?
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}
