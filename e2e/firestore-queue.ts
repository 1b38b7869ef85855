import type { Page } from '@playwright/test'

/**
 * Firestore's queued (not yet acknowledged) writes, read from its IndexedDB mutation queue in the page.
 * The browser suite runs with Firestore's server unreachable, so this queue is where a write shows that
 * it was made, and with which fields.
 */
export async function queuedFirestoreWrites(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '')
    const name = names.find((n) => n.startsWith('firestore/') && n.endsWith('/main'))
    if (!name) return []
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const batches = await new Promise<unknown[]>((resolve, reject) => {
      const read = db.transaction('mutations').objectStore('mutations').getAll()
      read.onsuccess = () => resolve(read.result)
      read.onerror = () => reject(read.error)
    })
    db.close()
    return (batches as { mutations?: Record<string, unknown>[] }[]).flatMap((batch) => batch.mutations ?? [])
  })
}
