// What the parent area's guard works with, loaded the first time a parent screen opens: the signed-in
// state and the outbox (Dexie), on the backend (Firebase), which starts downloading at once beside them
// instead of after them (a parent opening /profile in a new tab waits for one download, not three in a
// row). Also watches for a remembered session that the server refuses (docs/decisions/0015).
import { getBackend } from '../shared/backend/backend'
import { notify } from '../shared/ui/notify'
import type { ParentAreaParts } from './parent-area'

export async function loadParentAreaParts(onSessionEnded: () => void): Promise<ParentAreaParts> {
  // A failure here is the guard's to report (getBackend() tries again).
  getBackend().catch(() => undefined)
  const [{ createAuthSession }, { getOutboxRuntime }, { endRefusedSession, sessionEndedMessages }] =
    await Promise.all([
      import('../account/auth-session'),
      import('../kids/outbox/outbox-runtime'),
      import('./parent-session'),
    ])
  const session = createAuthSession(getBackend)
  const outbox = await getOutboxRuntime()
  session.subscribe(() => {
    const state = session.getState()
    if (state.status !== 'signedOut' || !state.ended) return
    const { ended } = state
    void endRefusedSession(outbox, ended).then((kept) => {
      const description = [sessionEndedMessages.description, kept > 0 ? sessionEndedMessages.kept(kept) : '']
      void notify('error', sessionEndedMessages.title, {
        description: description.join(' ').trim(),
        duration: 15_000,
      })
      // The guard runs again and sends the parent to the sign-in screen.
      onSessionEnded()
    })
  })
  return { session, outbox }
}
