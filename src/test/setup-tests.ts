import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy* and waitFor wait for the app's own state. Their 1 s default is too short on a machine that
// also runs a browser suite (CI beside a second copy): the state arrives, only later.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
})

// jsdom has no layout: the router's scroll reset on navigation would only log 'not implemented'.
if (typeof window !== 'undefined') window.scrollTo = () => undefined
