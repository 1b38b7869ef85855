// The parent this device last saw signed in, kept beside Firebase Auth's own session so that the app can
// open the parent area at once when it starts. Firebase Auth reports its persisted user only after it
// has checked the session with the server, which on a connection that is up but answers nothing waits
// for the request's timeout, 30 s (60 s on phones): docs/decisions/0016-open-from-what-the-device-knows.md.
// It holds what the profile shows (uid, e-mail, name), never a token; it goes when Auth signs out. Its
// readers are in src/shared/device/remembered-account.ts (the app reads it before Firebase has loaded).
import type { AuthUser } from '#shared/backend/backend-ports'
import { isAuthUser, REMEMBERED_PARENT_KEY } from '#shared/device/remembered-account'

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
