// Firebase's errors carry a string `code` ('permission-denied', 'storage/unauthorized',
// 'auth/user-not-found'): the adapter sorts failures by it.

/** The error's Firebase code, or 'unknown' when it has none. */
export function firebaseErrorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'unknown'
}
