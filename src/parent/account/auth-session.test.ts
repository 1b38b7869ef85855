import { describe, expect, it } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { createAuthSession } from './auth-session'

describe('auth session', () => {
  it('is pending until the backend reports, then follows sign-in and sign-out', async () => {
    const backend = createFakeBackend()
    backend.auth.addAccount('ada@example.com', 'correct-horse', 'Ada')
    const session = createAuthSession(() => Promise.resolve(backend))
    expect(session.getState()).toEqual({ status: 'pending' })
    expect(await session.waitForAuth()).toBeNull()
    expect(session.getState()).toEqual({ status: 'signedOut' })

    await backend.auth.signIn('ada@example.com', 'correct-horse')
    expect(await session.waitForAuth()).toMatchObject({ email: 'ada@example.com', displayName: 'Ada' })
    expect(session.getState()).toMatchObject({ status: 'signedIn', confirmed: true })
    await backend.auth.signOut()
    expect(session.getState()).toEqual({ status: 'signedOut' })
  })

  it('rejects waiters when the backend cannot load (offline before its code was cached), and retries later', async () => {
    const backend = createFakeBackend()
    let attempts = 0
    const session = createAuthSession(() => {
      attempts += 1
      return attempts === 1
        ? Promise.reject(new Error('chunk could not be fetched'))
        : Promise.resolve(backend)
    })
    await expect(session.waitForAuth()).rejects.toThrow('chunk could not be fetched')
    // Back online: the same loader is asked again.
    expect(await session.waitForAuth()).toBeNull()
    expect(attempts).toBe(2)
  })

  const ada = { uid: 'uid-ada', email: 'ada@example.com', displayName: 'Ada' }

  it('lets a remembered parent in at once, unconfirmed, and confirms them when Auth answers', async () => {
    const backend = createFakeBackend()
    const auth = backend.auth.startRemembering(ada)
    const session = createAuthSession(() => Promise.resolve(backend))
    expect(await session.waitForAuth()).toEqual(ada)
    expect(session.getState()).toEqual({ status: 'signedIn', user: ada, confirmed: false })
    auth.settle(true)
    expect(session.getState()).toEqual({ status: 'signedIn', user: ada, confirmed: true })
  })

  it('says which remembered session ended when the server refuses it', async () => {
    const backend = createFakeBackend()
    const auth = backend.auth.startRemembering(ada)
    const session = createAuthSession(() => Promise.resolve(backend))
    await session.waitForAuth()
    auth.settle(false)
    expect(session.getState()).toEqual({ status: 'signedOut', ended: ada })
  })

  it('tells a refusal that came before the signed-in state started', async () => {
    const backend = createFakeBackend()
    backend.auth.startRemembering(ada).settle(false)
    const session = createAuthSession(() => Promise.resolve(backend))
    expect(await session.waitForAuth()).toBeNull()
    expect(session.getState()).toEqual({ status: 'signedOut', ended: ada })
  })

  it('a parent who signs out after the confirmation is signed out, not ended', async () => {
    const backend = createFakeBackend()
    backend.auth.startRemembering(ada).settle(true)
    const session = createAuthSession(() => Promise.resolve(backend))
    expect(await session.waitForAuth()).toEqual(ada)
    await backend.auth.signOut()
    expect(session.getState()).toEqual({ status: 'signedOut' })
  })
})
