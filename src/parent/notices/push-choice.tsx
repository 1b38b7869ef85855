// 'Tell me when the centre answers': push on this device, asked for only on the parent's own tap (never
// on load), and offered only where the browser can deliver it (docs/decisions/0029). Where it cannot,
// or until the parent allows it, notices come by e-mail.
import { useEffect, useState } from 'react'
import { useParentScope } from '#parent/account/parent-scope-context'
import { noticesOf, useNoticesState } from './notices-data'

export const pushMessages = {
  off: 'Until then, notices come to you by e-mail.',
  on: 'Notifications are on for this device: you hear of each notice here.',
  denied:
    "Notifications are blocked for this site in your browser's settings, so notices come to you by e-mail. Allow them there to hear of them here.",
  'install-first':
    'On iPhone and iPad, notifications come only to the installed app: add Sunbeam to your Home Screen (Share, then Add to Home Screen), open it from there and turn them on. Until then, notices come to you by e-mail.',
  unsupported: 'This browser cannot show notifications, so notices come to you by e-mail.',
  failed: 'Notifications could not be turned on. Please try again.',
  /** Notice e-mails go only to a confirmed address (the server sends none to another). */
  verifyForEmail:
    'Notices are e-mailed only to a confirmed address: please confirm yours with the link we sent you (Resend is under your e-mail in Personal Details).',
} as const

/** Whether the signed-in parent's e-mail address is confirmed; null until known (or when unknown). */
function useEmailVerified(): boolean | null {
  const { backend } = useParentScope()
  const [verified, setVerified] = useState<boolean | null>(null)
  useEffect(() => {
    let live = true
    void backend.auth
      .emailVerified()
      .then((answer) => {
        if (live) setVerified(answer)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [backend])
  return verified
}

export function PushChoice() {
  const scope = useParentScope()
  const userId = scope.user.uid
  // What this browser can do was asked before the screen showed (notices-data.ts).
  const { push: state } = useNoticesState()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const verified = useEmailVerified()

  async function change(on: boolean) {
    setBusy(true)
    setFailed(false)
    try {
      const { backend } = scope
      if (on) noticesOf(scope).set({ push: await backend.push.turnOn(userId) })
      else {
        await backend.push.turnOff(userId)
        noticesOf(scope).set({ push: 'off' })
      }
    } catch (error) {
      console.warn('Notifications could not be changed', error)
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  if (state === null) return null
  return (
    <div className="push-choice" data-push={state}>
      {state === 'off' ? (
        <button
          type="button"
          className="push-choice__button"
          disabled={busy}
          onClick={() => void change(true)}
        >
          Tell me when the centre answers
        </button>
      ) : null}
      <p className="push-choice__note" role="status">
        {failed ? pushMessages.failed : pushMessages[state]}
      </p>
      {/* Where notices come by e-mail, they come only once the address is confirmed: said where it is chosen. */}
      {state !== 'on' && verified === false ? (
        <p className="push-choice__note push-choice__verify">{pushMessages.verifyForEmail}</p>
      ) : null}
      {state === 'on' ? (
        <button
          type="button"
          className="account-secondary-button push-choice__off"
          disabled={busy}
          onClick={() => void change(false)}
        >
          Turn off notifications
        </button>
      ) : null}
    </div>
  )
}
