// Small shared pieces of the kids screens: the loader, the waiting/failed badge, the private-browsing
// notice and the action icons.
import type { KidStatus } from './kids-data'

export function KidLoader({ label }: { readonly label: string }) {
  return (
    <div className="kid-loader" role="status" aria-live="polite">
      <span className="kid-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

export const statusText: { readonly [K in Exclude<KidStatus, 'saved'>]: string } = {
  waiting: 'Waiting to upload',
  failed: 'Not uploaded',
}

export function KidStatusBadge({ status }: { readonly status: KidStatus }) {
  if (status === 'saved') return null
  return <span className={`kid-badge kid-badge--${status}`}>{statusText[status]}</span>
}

/** Shown where Firestore could not keep records on the device (private browsing). */
export function PrivateBrowsingNotice() {
  return (
    <p className="notice notice--info kid-notice">
      This browser is not keeping data on this device (private browsing?), so your children's records are kept
      only for this session.
    </p>
  )
}

export function EditIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  )
}

export function DeleteIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z"
      />
    </svg>
  )
}
