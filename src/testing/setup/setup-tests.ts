import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import Dexie from 'dexie'
import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach } from 'vitest'
import { getSharedOutbox } from '#shared/outbox/shared-outbox'

// findBy* and waitFor wait for the app's own state. Their 1 s default is too short on a machine that
// also runs a browser suite (CI beside a second copy): the state arrives, only later.
configure({ asyncUtilTimeout: 5_000 })

// Test files share one window per worker (vitest.config.ts): each test starts with its storage empty,
// as it would in a window of its own.
beforeEach(async () => {
  // A file that asks for Node (`@vitest-environment node`, the prerender's) has no window.
  if (typeof window === 'undefined') return
  localStorage.clear()
  sessionStorage.clear()
  // And its IndexedDB empty: an earlier test's outbox job still on its way (the door's arrival, sent
  // but not yet crossed out) was counted in the next test's hint (CI run 61). Dexie took its factory
  // from the window when it loaded, so it is given the new one too. Databases opened before keep the
  // old one.
  const fresh = new IDBFactory()
  globalThis.indexedDB = fresh
  Dexie.dependencies.indexedDB = fresh
  // The tab's one outbox engine is made once per worker and outlives a test: its jobs are emptied. A run
  // still on its way then finds its job gone and notes nothing.
  const engine = getSharedOutbox.value
  if (engine) {
    await engine.db.transaction('rw', engine.db.jobs, engine.db.blobs, async () => {
      await engine.db.jobs.clear()
      await engine.db.blobs.clear()
    })
  }
  // jsdom has no object URLs, and Node's own refuses jsdom's Blob: a browser's stand-in, put back before
  // each test (a file may replace or remove it for its own).
  let objectUrls = 0
  URL.createObjectURL = () => `blob:test/${++objectUrls}`
  URL.revokeObjectURL = () => undefined
})

afterEach(() => {
  cleanup()
})

// jsdom has no layout: the router's scroll reset on navigation would only log 'not implemented'.
if (typeof window !== 'undefined') window.scrollTo = () => undefined
