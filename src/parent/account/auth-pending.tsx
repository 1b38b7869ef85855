import './account.css'

/** Shown while the signed-in state is pending, or (with its own words) while signing out. */
export function AuthPendingLoader({
  label = 'Checking that you are signed in…',
}: {
  readonly label?: string
}) {
  return (
    <div className="account-loader" role="status" aria-live="polite">
      <span className="account-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
