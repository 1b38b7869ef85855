// The parent area's one guard, behind parent-area.ts: a signed-out visitor goes to /login and comes back
// after signing in; a signed-in parent gets the user and the outbox in the router context. When both
// are already known it answers synchronously, so moving between parent screens never shows the sign-in
// loader. The outbox (Dexie) and the backend (Firebase) load only when a parent screen is opened
// (docs/decisions/0004).
import { redirect } from '@tanstack/react-router'
import type { OutboxRuntime } from '../kids/outbox/outbox-runtime'

import type { GuardedLocation, ParentContext } from './parent-area'

type Loaded = {
  readonly session: typeof import('../account/auth-session')
  readonly outbox: OutboxRuntime
}

let loaded: Loaded | null = null

async function load(): Promise<Loaded> {
  const [session, runtime] = await Promise.all([
    import('../account/auth-session'),
    import('../kids/outbox/outbox-runtime'),
  ])
  loaded = { session, outbox: await runtime.getOutboxRuntime() }
  return loaded
}

function toLogin(location: GuardedLocation): never {
  throw redirect({ to: '/login', search: { redirect: location.href } })
}

/** Whether the guard answers without waiting: its code is here and the signed-in state is known. */
export function answersAtOnce(): boolean {
  return !!loaded && loaded.session.getAuthState().status !== 'pending'
}

export function requireParent(location: GuardedLocation): ParentContext | Promise<ParentContext> {
  const auth = loaded?.session.getAuthState()
  if (loaded && auth?.status === 'signedIn') return { user: auth.user, outbox: loaded.outbox }
  if (auth?.status === 'signedOut') toLogin(location)
  return (async () => {
    const { session, outbox } = loaded ?? (await load())
    const user = await session.waitForAuth()
    if (!user) toLogin(location)
    return { user, outbox }
  })()
}

/** Tests render the app many times in one process: each starts from nothing loaded. */
export function resetParentAreaForTests(): void {
  loaded = null
}
