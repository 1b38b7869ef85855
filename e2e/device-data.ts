// What a page's origin keeps on the device, read in the page: the browser suite's proof that a parent's
// data is gone (sign-out, a session the server refused) or was never there.
import type { Page } from '@playwright/test'

/**
 * Everything this origin keeps on the device, as text, one line per item: every IndexedDB database
 * (each store's keys and values, Blobs and byte arrays read as text), every Cache Storage entry (its
 * address, headers and body) and every localStorage and sessionStorage key and value.
 */
export function deviceData(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const latin1 = new TextDecoder('latin1')
    async function text(value: unknown, depth = 0): Promise<string> {
      if (depth > 20) return ''
      if (value instanceof Blob) return latin1.decode(await value.arrayBuffer())
      if (value instanceof ArrayBuffer) return latin1.decode(value)
      if (ArrayBuffer.isView(value)) return latin1.decode(value)
      if (Array.isArray(value))
        return (await Promise.all(value.map((item) => text(item, depth + 1)))).join(' ')
      if (typeof value === 'object' && value !== null) {
        const parts = await Promise.all(
          Object.entries(value).map(async ([key, item]) => `${key}=${await text(item, depth + 1)}`),
        )
        return parts.join(' ')
      }
      return String(value)
    }
    const lines: string[] = []
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of db.objectStoreNames) {
        const [keys, values] = await Promise.all(
          (['getAllKeys', 'getAll'] as const).map(
            (method) =>
              new Promise<unknown[]>((resolve, reject) => {
                const read = db.transaction(store).objectStore(store)[method]()
                read.onsuccess = () => resolve(read.result)
                read.onerror = () => reject(read.error)
              }),
          ),
        )
        for (const [index, key] of (keys ?? []).entries())
          lines.push(`indexedDB ${name}/${store}: ${await text(key)} -> ${await text(values?.[index])}`)
      }
      db.close()
    }
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        const headers = [...(response?.headers.entries() ?? [])].map(([k, v]) => `${k}: ${v}`).join('; ')
        const body = response ? await text(await response.blob()) : ''
        lines.push(`Cache Storage ${cacheName}: ${request.url} [${headers}] ${body}`)
      }
    }
    for (const [kind, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const)
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i) ?? ''
        lines.push(`${kind}: ${key} = ${storage.getItem(key)}`)
      }
    return lines
  })
}

/** The items of `lines` that mention any of `secrets`, each with the secret it holds. */
export function mentions(lines: readonly string[], secrets: readonly string[]): string[] {
  return lines.flatMap((line) =>
    secrets.filter((secret) => line.includes(secret)).map((secret) => `${secret} in ${line.slice(0, 300)}`),
  )
}

/** Every value kept in one store of one of the origin's IndexedDB databases, read in the page. */
export function storedRows<Row>(page: Page, database: string, store: string): Promise<Row[]> {
  return page.evaluate(
    async ([database, store]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(database)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const read = db.transaction(store).objectStore(store).getAll()
        read.onsuccess = () => resolve(read.result)
        read.onerror = () => reject(read.error)
      })
      db.close()
      return rows
    },
    [database, store] as const,
  ) as Promise<Row[]>
}
