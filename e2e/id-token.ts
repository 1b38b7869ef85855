import type { Page } from '@playwright/test'

/**
 * Makes the Firebase ID token stored in the page's origin expired, as it is after a night (it lives for
 * an hour): Auth must then refresh it from the server before it says who is signed in. Resolves with
 * whether a stored session was there to change.
 */
export function expireIdToken(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('firebaseLocalStorageDb')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    type Row = { value: { stsTokenManager?: { expirationTime?: number } } }
    const rows = await new Promise<Row[]>((resolve, reject) => {
      const read = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAll()
      read.onsuccess = () => resolve(read.result as Row[])
      read.onerror = () => reject(read.error)
    })
    let changed = false
    for (const row of rows)
      if (row.value.stsTokenManager) {
        row.value.stsTokenManager.expirationTime = Date.now() - 60_000
        await new Promise<void>((resolve, reject) => {
          const write = db
            .transaction('firebaseLocalStorage', 'readwrite')
            .objectStore('firebaseLocalStorage')
            .put(row)
          write.onsuccess = () => resolve()
          write.onerror = () => reject(write.error)
        })
        changed = true
      }
    db.close()
    return changed
  })
}

// The Auth emulator's ID tokens are unsigned JWTs: the fakes read who a request speaks for from them.

/** The claims of an `Authorization: Bearer|Firebase <token>` header's ID token, or null. */
export function tokenClaims(header: string | undefined): Record<string, unknown> | null {
  const token = /^(?:Bearer|Firebase)\s+(.+)$/.exec(header ?? '')?.[1]
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
  } catch {
    return null
  }
}

/** The uid an `Authorization: Bearer|Firebase <token>` header speaks for, or null. */
export function tokenUid(header: string | undefined): string | null {
  const claims = tokenClaims(header)
  const uid = claims?.user_id ?? claims?.sub
  return typeof uid === 'string' ? uid : null
}
