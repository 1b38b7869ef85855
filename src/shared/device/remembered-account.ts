// The account this device last saw signed in (`sunbeam-parent`), as the app reads it before Firebase has
// loaded: the door's device-first start (docs/decisions/0088) and the adapter's own start both read it
// here. Firebase's adapter writes it (src/firebase/remembered-parent.ts: kept beside Auth's session, gone
// when Auth signs out; docs/decisions/0016). It holds what the screens show (uid, e-mail, name) and two
// flags of Auth's last answer, never a token.
import type { AuthUser } from '#shared/backend/backend-ports'

export const REMEMBERED_PARENT_KEY = 'sunbeam-parent'

export function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false
  const { uid, email, displayName } = value as Record<string, unknown>
  return (
    typeof uid === 'string' &&
    uid !== '' &&
    (email === null || typeof email === 'string') &&
    (displayName === null || typeof displayName === 'string')
  )
}

export function readRememberedParent(): AuthUser | null {
  try {
    const raw = localStorage.getItem(REMEMBERED_PARENT_KEY)
    if (!raw) return null
    const value: unknown = JSON.parse(raw)
    return isAuthUser(value) ? { uid: value.uid, email: value.email, displayName: value.displayName } : null
  } catch {
    // No localStorage (some private modes), or a record this version cannot read: nothing remembered.
    return null
  }
}

/**
 * Whether the remembered parent's e-mail address was verified when Auth last confirmed them (null: not
 * known). 'My Profile' says it before Auth has answered, as the device's picture of it showed it
 * (docs/decisions/0033): on a connection that answers nothing that takes 30 s.
 */
export function readRememberedEmailVerified(uid: string): boolean | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(REMEMBERED_PARENT_KEY) ?? 'null')
    if (!isAuthUser(value) || value.uid !== uid) return null
    const { emailVerified } = value as { emailVerified?: unknown }
    return typeof emailVerified === 'boolean' ? emailVerified : null
  } catch {
    return null
  }
}

/**
 * Whether this account's ID token said staff (its claim on a verified e-mail) when the centre's adapter
 * last asked with Auth's answer in (staffAccess(): the held token, or a fresh one; docs/decisions/0083). Only what opens the centre's screens before Auth's check with
 * the server answers: the server's rules check a valid token on every read and write.
 */
export function readRememberedStaff(uid: string): boolean {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(REMEMBERED_PARENT_KEY) ?? 'null')
    if (!isAuthUser(value) || value.uid !== uid) return false
    return (value as { staff?: unknown }).staff === true
  } catch {
    return false
  }
}
