// Each component test starts on a device of its own (setup-tests.ts): what an earlier test left in
// storage, IndexedDB or the tab's outbox (made once per worker) is not there. Each pair runs in order.
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { getSharedOutbox } from '#shared/outbox/shared-outbox'

describe('each test starts with an empty device', () => {
  it('leaves a database, a Dexie job store and a stored value behind', async () => {
    const db = new Dexie('left-behind')
    db.version(1).stores({ jobs: 'id' })
    await db.table('jobs').put({ id: 'job-1' })
    localStorage.setItem('left-behind', '1')
    expect((await indexedDB.databases()).map((known) => known.name)).toContain('left-behind')
  })

  it('finds none of it', async () => {
    expect(await indexedDB.databases()).toEqual([])
    expect(await Dexie.getDatabaseNames()).toEqual([])
    const db = new Dexie('left-behind')
    db.version(1).stores({ jobs: 'id' })
    expect(await db.table('jobs').count()).toBe(0)
    expect(localStorage.getItem('left-behind')).toBeNull()
  })
})

describe("each test starts with the tab's outbox empty", () => {
  it('leaves a job in the outbox the worker keeps', async () => {
    const engine = await getSharedOutbox()
    await engine.add({ id: 'left-behind', kind: 'nobody-sends-this', owner: 'staff-1', payload: {} })
    expect(await engine.db.jobs.count()).toBe(1)
  })

  it('finds no job there', async () => {
    const engine = await getSharedOutbox()
    expect(await engine.db.jobs.count()).toBe(0)
  })
})
