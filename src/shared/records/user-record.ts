// The parent's record, users/{uid}: the one schema shared by the sign-up and profile forms, the Firebase
// adapter and firestore.rules (which repeat these limits server-side). It never holds the password.

/** Longest name we store (firestore.rules checks the same limit). */
export const USER_NAME_MAX = 80

/** What the app writes; `timestamp` is the server's time, set by the adapter at creation. */
export interface UserRecord {
  readonly name: string
  readonly email: string
}

/** Trims a typed name and cuts it to the stored limit. */
export function normalizeUserName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').slice(0, USER_NAME_MAX).trim()
}

/**
 * The name a new account gets. The spec gives the sign-up Name field no required marker, but the profile
 * greets the parent by name, so a blank name falls back to the part of the e-mail before the '@'.
 */
export function nameForNewAccount(typedName: string, email: string): string {
  const name = normalizeUserName(typedName)
  if (name) return name
  return normalizeUserName(email.split('@')[0] ?? '') || 'Parent'
}

/** The users/{uid} document written at sign-up (the adapter adds the server timestamp). */
export function newUserRecord(typedName: string, email: string): UserRecord {
  return { name: nameForNewAccount(typedName, email), email: email.trim() }
}
