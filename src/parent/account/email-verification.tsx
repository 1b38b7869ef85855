// Under the profile's e-mail while the address is not verified: the link sent at sign-up, and 'Resend'.
// Nothing a parent does waits for it; staff access needs it (firestore.rules' isStaff(), decision 0026).
import { useEffect, useState } from 'react'
import { accountMessages } from './account-messages'
import { useParentScope } from './parent-scope-context'

type Shown = 'unknown' | 'unverified' | 'sending' | 'sent' | 'verified' | 'failed'

export function EmailVerification({ email }: { readonly email: string }) {
  const { auth } = useParentScope().backend
  const [shown, setShown] = useState<Shown>('unknown')

  useEffect(() => {
    let live = true
    void auth
      .emailVerified()
      .then((verified) => live && verified === false && setShown('unverified'))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [auth])

  async function resend() {
    setShown('sending')
    try {
      setShown(await auth.sendEmailVerification())
    } catch (error) {
      console.warn('The verification e-mail could not be sent', error)
      setShown('failed')
    }
  }

  if (shown === 'unknown') return null
  if (shown === 'verified')
    return (
      <p className="notice notice--success" role="status">
        {accountMessages.emailVerified}
      </p>
    )
  return (
    <div className="profile-verify">
      <p className="notice notice--info">{accountMessages.verifyEmail(email)}</p>
      <button
        type="button"
        className="account-link-button"
        onClick={() => void resend()}
        disabled={shown === 'sending'}
        aria-busy={shown === 'sending'}
      >
        Resend
      </button>
      <p role="status">
        {shown === 'sent' && accountMessages.verificationSent(email)}
        {shown === 'failed' && accountMessages.verificationFailed}
      </p>
    </div>
  )
}
