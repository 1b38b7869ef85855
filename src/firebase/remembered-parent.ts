// The parent this device last saw signed in, kept beside Firebase Auth's own session so that the app can
// open the parent area at once when it starts. Firebase Auth reports its persisted user only after it
// has checked the session with the server, which on a connection that is up but answers nothing waits
// for the request's timeout, 30 s (60 s on phones): docs/decisions/0016-open-from-what-the-device-knows.md.
// It holds what the profile shows (uid, e-mail, name), never a token; it goes when Auth signs out.
import type { AuthUser } from '#shared/backend/backend-ports'

export const REMEMBERED_PARENT_KEY = 'sunbeam-parent'

function isAuthUser(value: unknown): value is AuthUser {
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

/** What a fresh token said of this account's staff claim (a claim granted or revoked since the sign-in). */
export function rememberStaff(uid: string, staff: boolean): void {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(REMEMBERED_PARENT_KEY) ?? 'null')
    if (!isAuthUser(value) || value.uid !== uid) return
    localStorage.setItem(REMEMBERED_PARENT_KEY, JSON.stringify({ ...value, staff }))
  } catch {
    // Without localStorage, staff wait for Auth at each start, as they did before.
  }
}

export function rememberParent(user: AuthUser | null, emailVerified?: boolean, staff?: boolean): void {
  try {
    if (user)
      localStorage.setItem(
        REMEMBERED_PARENT_KEY,
        JSON.stringify({
          uid: user.uid,
          email: user.email,
          displayName: user.displayName,
          emailVerified,
          staff: staff === true,
        }),
      )
    else localStorage.removeItem(REMEMBERED_PARENT_KEY)
  } catch {
    // Without localStorage the app waits for Auth at each start, as it did before.
  }
}
