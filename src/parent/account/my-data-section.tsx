// 'Your data' on /profile: whether this device keeps what waits here to be sent, download everything of
// yours in one file, or delete your account (a dialog that asks for the password again and says exactly
// what it removes, and what is left if the connection drops).

import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { deviceDataKept, onDeviceDataKeptChange } from '#shared/device/persistent-storage'
import { DEFAULT_RETENTION_DAYS, RETENTION_NOTICE_DAYS } from '#shared/records/retention-settings'
import { ConfirmDialog } from '#shared/ui/confirm-dialog'
import { notify } from '#shared/ui/notify'
import type { DataProgress, DeletionLeft, SessionActions } from './session-actions'

function downloadFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file; give it a moment before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

function progressText(what: string, { done, total }: DataProgress) {
  return total > 0 ? `${what}… ${done} of ${total}` : `${what}…`
}

function leftText(left: DeletionLeft): string {
  const parts = [
    left.photos > 0 ? `${left.photos} photo${left.photos === 1 ? '' : 's'}` : null,
    left.children > 0 ? `${left.children} child record${left.children === 1 ? '' : 's'}` : null,
  ].filter(Boolean)
  const what = parts.length > 0 ? parts.join(' and ') : 'your account details'
  return `Not deleted yet: ${what}. Your sign-in account is kept so you can finish this: try again when you have a good connection.`
}

/** What 'Your data' says about the browser keeping this device's data (docs/decisions/0022). */
/**
 * How long the records of a place that ended are kept (docs/decisions/0036-retention.md): the centre
 * sets the period (DEFAULT_RETENTION_DAYS unless it sets another); the function retention tells the
 * parent RETENTION_NOTICE_DAYS before it deletes them.
 */
export const retentionText = `If a child's place is declined, withdrawn or never taken up, the child's record, photos, enrolment file and documents are deleted after the period the centre sets (${DEFAULT_RETENTION_DAYS} days unless it sets another). You get a notice ${RETENTION_NOTICE_DAYS} days before.`

export const deviceDataMessages = {
  kept: 'On this device: kept. Children waiting to be sent, and their photos, stay here until they are sent, even if the device runs short of space.',
  mayBeCleared:
    'On this device: may be cleared. If the device runs short of space, the browser may delete children waiting to be sent, and their photos. Open the app with a connection so they are sent.',
} as const

/** Whether the browser keeps this site's data: null until it has answered. */
function useDeviceDataKept(): boolean | null {
  const [kept, setKept] = useState<boolean | null>(null)
  useEffect(() => {
    let current = true
    void deviceDataKept().then((answer) => {
      if (current) setKept(answer)
    })
    const stop = onDeviceDataKeptChange((answer) => setKept(answer))
    return () => {
      current = false
      stop()
    }
  }, [])
  return kept
}

/** How many of the parent's changes wait on this device (0 until the outbox has answered). */
function useUnsentCount(actions: SessionActions): number {
  const [count, setCount] = useState(0)
  useEffect(() => actions.watchUnsent(setCount), [actions])
  return count
}

export function MyDataSection({
  actions,
  onSigningOut,
}: {
  readonly actions: SessionActions
  readonly onSigningOut: (signingOut: boolean) => void
}) {
  const navigate = useNavigate()
  const ids = { heading: useId(), password: useId(), problem: useId() }
  const [download, setDownload] = useState<string | null>(null)
  const [deleting, setDeleting] = useState(false)
  const [deleteStatus, setDeleteStatus] = useState<string | null>(null)
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)
  const kept = useDeviceDataKept()
  const unsent = useUnsentCount(actions)

  async function downloadData() {
    setDownload('Preparing your data…')
    try {
      const zip = await actions.downloadData((progress) =>
        setDownload(progressText('Preparing your data', progress)),
      )
      downloadFile(zip, `sunbeam-my-data-${new Date().toISOString().slice(0, 10)}.zip`)
      setDownload('Your data is downloaded.')
    } catch (error) {
      console.error('The data could not be prepared', error)
      setDownload('Your data could not be prepared. Please try again.')
    }
  }

  function cancelDeleting() {
    setDeleting(false)
    setProblem('')
    setDeleteStatus(null)
  }

  async function deleteAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const password = passwordRef.current?.value ?? ''
    if (!password) {
      setProblem('Please type your password.')
      passwordRef.current?.focus()
      return
    }
    setBusy(true)
    setProblem('')
    setDeleteStatus('Checking your password…')
    try {
      await actions.confirmPassword(password)
    } catch {
      setBusy(false)
      setDeleteStatus(null)
      setProblem('That password is not right, or we could not check it (no connection?). Please try again.')
      passwordRef.current?.focus()
      return
    }
    onSigningOut(true)
    try {
      const result = await actions.deleteAccount((progress) =>
        setDeleteStatus(progressText('Deleting your data', progress)),
      )
      if (!result.deleted) {
        onSigningOut(false)
        setBusy(false)
        setDeleteStatus(leftText(result.left))
        return
      }
    } catch (error) {
      console.error('The account could not be deleted', error)
      onSigningOut(false)
      setBusy(false)
      setDeleteStatus('Your account could not be deleted. Please try again when you have a good connection.')
      return
    }
    void notify('success', 'Your account and all your data have been deleted.')
    await navigate({ to: '/' })
  }

  return (
    <section className="profile-card profile-data" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Your data</h2>
      <p className="account-hint">
        Everything you gave us: your details, your children's records and their photos, in one zip file.
      </p>
      <p className="account-hint">{retentionText}</p>
      <div className="profile-data__row">
        <button type="button" className="account-secondary-button" onClick={() => void downloadData()}>
          Download my data
        </button>
        <p className="account-note" role="status">
          {download}
        </p>
      </div>
      <div className="profile-data__row">
        <button
          type="button"
          className="account-secondary-button account-danger-button"
          onClick={() => setDeleting(true)}
        >
          Delete my account
        </button>
      </div>
      {/* Only once this device holds something of the parent's that waits to be sent: before that,
          there is nothing to keep (issue 38: a new parent was told it "may be cleared"). */}
      {kept !== null && unsent > 0 && (
        <p className="account-note" data-device-data={kept ? 'kept' : 'may-be-cleared'}>
          {kept ? deviceDataMessages.kept : deviceDataMessages.mayBeCleared}
        </p>
      )}
      {deleting && (
        <ConfirmDialog title="Delete my account" onCancel={cancelDeleting} busy={busy}>
          <form
            className="account-form profile-delete"
            onSubmit={deleteAccount}
            aria-label="Delete my account"
          >
            <p>
              This removes, for good: every child you registered with their details and photos, your account
              details, the copies on this device, and your sign-in. Download your data first if you want to
              keep it.
            </p>
            <div className="account-field">
              <label htmlFor={ids.password}>Your password</label>
              <input
                ref={passwordRef}
                id={ids.password}
                name="password"
                type="password"
                autoComplete="current-password"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? ids.problem : undefined}
                disabled={busy}
                data-autofocus
              />
              {problem && (
                <p id={ids.problem} className="account-error">
                  {problem}
                </p>
              )}
            </div>
            <div className="confirm-dialog__actions">
              <button
                type="submit"
                className="confirm-dialog__button confirm-dialog__button--danger"
                disabled={busy}
              >
                Delete my account
              </button>
              <button
                type="button"
                className="confirm-dialog__button"
                disabled={busy}
                onClick={cancelDeleting}
              >
                Cancel
              </button>
            </div>
            <p className="account-note" role="status">
              {deleteStatus}
            </p>
          </form>
        </ConfirmDialog>
      )}
    </section>
  )
}
