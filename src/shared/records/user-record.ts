// The parent's record, users/{uid}: the one schema shared by the sign-up and profile forms, the Firebase
// adapter and firestore.rules (which repeat these limits server-side). It never holds the password.
import { cleanLine, cutToCharacters, textProblem } from './record-text'

/** Longest name we store, in characters (firestore.rules checks the same limit, counted the same way). */
export const USER_NAME_MAX = 80

/** What the app writes; `timestamp` is the server's time, set by the adapter at creation. */
export interface UserRecord {
  readonly name: string
  readonly email: string
}

/**
 * Trims a typed name to one line without control or text-direction characters (record-text.ts) and cuts
 * it to the stored limit in characters, never through an emoji.
 */
export function normalizeUserName(name: string): string {
  return cutToCharacters(cleanLine(name), USER_NAME_MAX).trim()
}

/** Whether the rules accept this name as it is: one line, not blank, at most USER_NAME_MAX characters. */
export function isValidUserName(name: string): boolean {
  return textProblem(name, { min: 1, max: USER_NAME_MAX, multiline: false }) === null
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
