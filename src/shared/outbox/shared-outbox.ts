// The tab's one outbox engine, opened on first need (it loads Dexie: marketing pages import this module
// only dynamically). Its triggers are on, its events are told to the other tabs, and it keeps the
// start-up hint (outbox-hint.ts) equal to the jobs waiting, per kind. Features register their kinds on it.
import { liveQuery } from 'dexie'
import { once } from '#shared/async/once'
import { JobDb } from './job-db'
import { OUTBOX_EVENTS_CHANNEL, OutboxEngine } from './outbox-engine'
import { writeJobsHint } from './outbox-hint'
import { requestBackgroundSync, watchTriggers } from './outbox-triggers'

/** Opens an engine on `db` with its triggers and hint (tests pass their own database). */
export function startEngine(db: JobDb): OutboxEngine {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_EVENTS_CHANNEL)
  const engine = new OutboxEngine({ db, channel })
  watchTriggers(engine)
  // A job that must wait for the connection asks the browser to say when it is back.
  engine.onEvent((event) => {
    if (event.type === 'retrying') void requestBackgroundSync()
  })
  liveQuery(() => engine.pendingKinds()).subscribe({
    next: writeJobsHint,
    error: (error: unknown) => console.warn('The outbox could not be counted', error),
  })
  return engine
}

export const getSharedOutbox = once(async () => startEngine(await JobDb.openOnDevice()))
