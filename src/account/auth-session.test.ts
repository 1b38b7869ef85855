import { describe, expect, it } from 'vitest'
import { provideBackend } from '../shared/backend/backend'
import { createFakeBackend } from '../shared/backend/testing/fake-backend'
import { getAuthState, resetAuthStateForTests, waitForAuth } from './auth-session'

describe('auth session', () => {
  it('is pending until the backend reports, then follows sign-in and sign-out', async () => {
    resetAuthStateForTests()
    const backend = createFakeBackend()
    backend.auth.addAccount('ada@example.com', 'correct-horse', 'Ada')
    provideBackend(() => Promise.resolve(backend))
    expect(getAuthState()).toEqual({ status: 'pending' })
    expect(await waitForAuth()).toBeNull()
    expect(getAuthState()).toEqual({ status: 'signedOut' })

    await backend.auth.signIn('ada@example.com', 'correct-horse')
    expect(await waitForAuth()).toMatchObject({ email: 'ada@example.com', displayName: 'Ada' })
    await backend.auth.signOut()
    expect(getAuthState()).toEqual({ status: 'signedOut' })
  })

  it('rejects waiters when the backend cannot load (offline before its code was cached), and retries later', async () => {
    resetAuthStateForTests()
    const backend = createFakeBackend()
    let attempts = 0
    provideBackend(() => {
      attempts += 1
      return attempts === 1
        ? Promise.reject(new Error('chunk could not be fetched'))
        : Promise.resolve(backend)
    })
    await expect(waitForAuth()).rejects.toThrow('chunk could not be fetched')
    // Back online: the same loader is asked again.
    expect(await waitForAuth()).toBeNull()
    expect(attempts).toBe(2)
  })
})
