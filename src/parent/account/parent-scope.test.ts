// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createOutboxRuntime, type OutboxRuntime } from '#parent/outbox/outbox-runtime'
import { LiveSource } from '#shared/backend/live-source'
import { newRandomId } from '#shared/records/ids'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { createAuthSession } from './auth-session'
import { ParentScope, ParentScopes } from './parent-scope'
import { endRefusedSession, followParentScopes } from './parent-session'

const ngozi = { uid: 'ngozi', email: 'ngozi@example.com', displayName: 'Ngozi' }
const ada = { uid: 'ada', email: 'ada@example.com', displayName: 'Ada' }
const runtimes: OutboxRuntime[] = []

async function runtime(backend = createFakeBackend()): Promise<OutboxRuntime> {
  const made = await createOutboxRuntime(backend, { dbName: `scope-${newRandomId(8)}` })
  runtimes.push(made)
  return made
}

function counter(stop: () => void) {
  return new LiveSource<{ n: number | null }>(
    { n: null },
    () => stop,
    (state) => state.n !== null,
  )
}

afterEach(() => {
  for (const made of runtimes.splice(0)) made.close()
})

describe('a parent scope', () => {
  it("is the screens' one way to the server: the outbox's backend", async () => {
    const outbox = await runtime()
    const scope = new ParentScope(ngozi, outbox)
    expect(scope.backend).toBe(outbox.backend)
  })

  it('shares one live source per key, and disposing it stops every source, kept value and disposer', async () => {
    const scope = new ParentScope(ngozi, await runtime())
    const stop = vi.fn()
    const make = vi.fn(() => counter(stop))
    const source = scope.live('count', make)
    expect(scope.live('count', make)).toBe(source)
    expect(make).toHaveBeenCalledTimes(1)
    scope.remember('last', [1, 2])
    const disposer = vi.fn()
    scope.onDispose(disposer)

    scope.dispose()
    scope.dispose()
    expect(scope.disposed).toBe(true)
    expect(stop).toHaveBeenCalledTimes(1)
    expect(source.isClosed).toBe(true)
    expect(scope.recall('last')).toBeUndefined()
    expect(disposer).toHaveBeenCalledTimes(1)

    // A screen still drawing after sign-out gets a source that follows nothing.
    const late = vi.fn()
    expect(scope.live('other', () => counter(late)).isClosed).toBe(true)
    expect(late).toHaveBeenCalledTimes(1)
    scope.remember('late', 1)
    expect(scope.recall('late')).toBeUndefined()
  })
})

describe("the tab's parent scopes", () => {
  it("keep one scope per parent; another parent's disposes the former's first", async () => {
    const disposed: string[] = []
    const scopes = new ParentScopes(await runtime(), (scope) =>
      scope.onDispose(() => disposed.push(scope.user.uid)),
    )
    const first = scopes.for(ngozi)
    expect(scopes.for({ ...ngozi, displayName: 'Ngozi A.' })).toBe(first)
    const second = scopes.for(ada)
    expect(first.disposed).toBe(true)
    expect(disposed).toEqual(['ngozi'])
    expect(scopes.current()).toBe(second)
    scopes.end()
    expect(second.disposed).toBe(true)
    expect(scopes.current()).toBeNull()
    expect(scopes.for(ada)).not.toBe(second)
  })

  it("end when the parent is signed out, here or in another tab, and the parent's picture goes", async () => {
    const backend = createFakeBackend()
    const session = createAuthSession(async () => backend)
    const scopes = followParentScopes(session, await runtime(backend))
    await backend.auth.signUp('Ngozi', 'ngozi@example.com', 'secret-pass-1')
    const user = await session.waitForAuth()
    if (!user) throw new Error('not signed in')
    const scope = scopes.for(user)
    const stop = vi.fn()
    scope.live('count', () => counter(stop))
    localStorage.setItem(`sunbeam-picture:${user.uid}`, '{}')
    await backend.auth.signOut()
    await vi.waitFor(() => expect(scope.disposed).toBe(true))
    expect(stop).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem(`sunbeam-picture:${user.uid}`)).toBeNull()
  })

  it('a session refused before any scope was made still leaves no picture of the parent', async () => {
    const outbox = await runtime()
    const scopes = new ParentScopes(outbox)
    localStorage.setItem(`sunbeam-picture:${ngozi.uid}`, '{}')
    await endRefusedSession(outbox, scopes, ngozi)
    expect(scopes.current()).toBeNull()
    expect(localStorage.getItem(`sunbeam-picture:${ngozi.uid}`)).toBeNull()
  })
})
