// Small shared pieces of the kids screens: the loader, the waiting/failed badge, the line that says how
// far a waiting child's upload is, the notice for browsers that keep nothing on the device, and the
// action icons.
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useOutbox } from '#parent/outbox/outbox-context'
import type { Activity } from '#parent/outbox/sender-events'
import { subscribeOnline } from '#shared/ui/online-status'
import type { KidStatus, KidView } from './kids-view'

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

const online = () => navigator.onLine

/** The current time, once a second while `active` (for a countdown). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return active ? now : Date.now()
}

/** What a waiting child's line says (SyncStatus), from the sender's activity and the entry. */
export function syncStatusText({
  activity,
  photos,
  uploaded,
  online,
  retryInMs,
}: {
  /** The sender's work on this child now, if any. */
  readonly activity: Activity | undefined
  /** How many photos the submission has, and how many of them are up. */
  readonly photos: number
  readonly uploaded: number
  readonly online: boolean
  /** Until the next try (0: none waits). */
  readonly retryInMs: number
}): string {
  let state: string
  if (activity && activity.total > 0) {
    // Counted on the submission being sent: past its last photo, the record is on its way.
    state =
      activity.uploaded < activity.total
        ? `Uploading photo ${activity.uploaded + 1} of ${activity.total}… ${Math.round(activity.fraction * 100)}%`
        : 'Saving…'
  } else if (!online) state = 'Waiting for a connection'
  else if (retryInMs > 0) state = `Retrying in ${Math.max(1, Math.ceil(retryInMs / 1000))} s`
  else state = 'Waiting to upload'
  const progress = photos > 0 ? `${Math.min(uploaded, photos)} of ${photos} photos uploaded` : null
  return [state, progress].filter(Boolean).join(' · ')
}

/**
 * How far a waiting child is: the photo uploading now, how many are up, and what it waits for (a
 * connection, its next try, with 'Retry now').
 */
export function SyncStatus({ kid }: { readonly kid: KidView }) {
  const runtime = useOutbox()
  const activity = useSyncExternalStore(runtime.sender.subscribeActivity, runtime.sender.currentActivity)
  const isOnline = useSyncExternalStore(subscribeOnline, online, () => true)
  const entry = kid.entry
  const retryAt = entry?.nextAttemptAt ?? 0
  const now = useNow(kid.status === 'waiting' && retryAt > Date.now())
  if (!entry || kid.status !== 'waiting') return null
  const current = activity.get(entry.id)
  const text = syncStatusText({
    activity: current,
    photos: entry.photos.length,
    uploaded: entry.photos.filter((photo) => photo.uploaded).length,
    online: isOnline,
    retryInMs: Math.max(0, retryAt - now),
  })
  return (
    <p className="kid-sync" role="status">
      <span>{text}</span>
      {isOnline && retryAt > now && !current && (
        <button type="button" className="kid-text-button" onClick={() => runtime.wake()}>
          Retry now
        </button>
      )}
    </p>
  )
}

/** Shown where this browser keeps nothing on the device (some private modes). */
export function PrivateBrowsingNotice() {
  return (
    <p className="notice notice--info kid-notice">
      This browser keeps nothing on this device (private browsing?). Your children are sent while this tab is
      open; keep it open until they no longer show 'Waiting to upload'.
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
