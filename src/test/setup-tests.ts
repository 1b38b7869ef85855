import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'

// findBy* and waitFor wait for the app's own state. Their 1 s default is too short on a machine that
// also runs a browser suite (CI beside a second copy): the state arrives, only later.
configure({ asyncUtilTimeout: 5_000 })

// Test files share one window per worker (vitest.config.ts): each test starts with its storage empty,
// as it would in a window of its own.
beforeEach(() => {
  // A file that asks for Node (`@vitest-environment node`, the prerender's) has no window.
  if (typeof window === 'undefined') return
  localStorage.clear()
  sessionStorage.clear()
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
