import './account.css'

/** Shown while the signed-in state is pending. */
export function AuthPendingLoader() {
  return (
    <div className="account-loader" role="status" aria-live="polite">
      <span className="account-spinner" aria-hidden="true" />
      <span>Checking that you are signed in…</span>
    </div>
  )
}
