// What Firestore's own cache on a device holds (its IndexedDB database, firestore/[DEFAULT]/<project>/main):
// a test that takes a device offline on purpose first waits until the device really has what it
// will need there, rather than until the screen merely looks ready.
import type { Page } from '@playwright/test'

/** The ids of the documents of `collection` (of that name, at any depth) that the device's Firestore cache holds. */
export function cachedDocumentIds(page: Page, collection: string): Promise<string[]> {
  return page.evaluate(async (collectionId) => {
    const databases = await indexedDB.databases()
    const name = databases.map((database) => database.name ?? '').find((n) => /^firestore\/.*\/main$/.test(n))
    if (!name) return []
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        // remoteDocumentsV14 in the SDK of today; the name carries the schema's version.
        const store = [...db.objectStoreNames].find((n) => n.startsWith('remoteDocuments'))
        if (!store) {
          db.close()
          return resolve([])
        }
        const all = db.transaction(store).objectStore(store).getAll()
        all.onsuccess = () => {
          db.close()
          type Entry = { collectionGroup?: string; documentId?: string; document?: unknown }
          resolve(
            (all.result as Entry[])
              // A document the server holds: not a deletion nor an unknown one.
              .filter((entry) => entry.collectionGroup === collectionId && entry.document !== undefined)
              .map((entry) => entry.documentId ?? ''),
          )
        }
        all.onerror = () => reject(all.error)
      }
    })
  }, collection)
}
