import Dexie from 'dexie'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { addDays, centreDate } from '#shared/records/registration-record'
import {
  createFakeCentre,
  createFakeRegistrations,
  FakeCentreServer,
} from '#testing/backend/fake-centre-ports'
import { WAIT } from '#testing/timeouts'
import { OutboxDb, type QueuedReply } from './outbox-db'
import { adoptOldReplies, REPLY_KIND, ReplySender, replyId } from './reply-sender'

const OFFER = 'o'.repeat(20)

async function world(name: string) {
  const server = new FakeCentreServer()
  server.children = []
  const today = centreDate(Date.now())
  await createFakeCentre(server).decide('k1', {
    state: 'offered',
    startDate: addDays(today, 30),
    replyBy: addDays(today, 7),
    offerId: OFFER,
  })
  const jobs = new OutboxEngine({
    db: new JobDb(name, { indexedDB, IDBKeyRange }),
    lock: (_name, _signal, work) => work(),
  })
  const sender = new ReplySender(jobs, createFakeRegistrations(server))
  const rows = () => sender.rowsOf('k1')
  const row = async (id: string) => (await rows()).find((kept) => kept.id === id)
  return { server, jobs, sender, rows, row, close: () => jobs.close() }
}

describe('replies to the centre, through the outbox', () => {
  it('are kept on the device while offline and sent once online; a second press adds nothing', async () => {
    const { server, jobs, sender, rows, close } = await world('replies-offline')
    server.offline = true
    jobs.bindUser('u1')
    await sender.answer('u1', 'k1', OFFER, 'accepted')
    await sender.answer('u1', 'k1', OFFER, 'declined')
    expect(await rows()).toMatchObject([{ reply: 'accepted', state: 'queued' }])
    expect(server.writes.filter((write) => write.startsWith('reply'))).toEqual([])
    server.goOnline()
    // Sent: kept as such until the parent's page shows the server's reply (it then dismisses it).
    await vi.waitFor(
      async () => expect(await rows()).toMatchObject([{ reply: 'accepted', state: 'sent' }]),
      WAIT,
    )
    expect(server.writes.filter((write) => write.startsWith('reply'))).toEqual(['reply k1 accepted'])
    // Nothing sent twice: a kick finds nothing queued.
    jobs.kick()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.writes.filter((write) => write.startsWith('reply'))).toEqual(['reply k1 accepted'])
    close()
  })

  it('a reply the server holds already (sent before a reload) counts as sent, not refused', async () => {
    const { server, jobs, sender, row, close } = await world('replies-twice')
    server.reply('k1', OFFER, 'accepted')
    jobs.bindUser('u1')
    await sender.answer('u1', 'k1', OFFER, 'accepted')
    await vi.waitFor(
      async () => expect(await row(replyId('k1', OFFER))).toMatchObject({ state: 'sent' }),
      WAIT,
    )
    expect(server.writes.filter((write) => write.startsWith('reply'))).toEqual(['reply k1 accepted'])
    close()
  })

  it('an answer to an offer that lapsed meanwhile is refused, and kept to say why', async () => {
    const { server, jobs, sender, row, close } = await world('replies-lapsed')
    server.offline = true
    jobs.bindUser('u1')
    await sender.answer('u1', 'k1', OFFER, 'accepted')
    // The schedule lapsed the offer while the phone was offline.
    await createFakeCentre(server).decide('k1', {
      state: 'waitlisted',
      startDate: null,
      waitingSince: '2026-11-01',
    })
    server.goOnline()
    await vi.waitFor(
      async () => expect(await row(replyId('k1', OFFER))).toMatchObject({ state: 'refused' }),
      WAIT,
    )
    expect(server.replies.size).toBe(0)
    close()
  })

  it('sends nothing for a parent who is not signed in', async () => {
    const { server, jobs, sender, rows, close } = await world('replies-signed-out')
    await sender.answer('u1', 'k1', OFFER, 'accepted')
    jobs.bindUser('u2')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.replies.size).toBe(0)
    expect((await rows()).length).toBe(1)
    close()
  })

  it("moves a version-5 outbox's replies into jobs once, each in its state, and sends the queued one", async () => {
    const name = 'replies-version-5'
    // The database as version 5's code declared it (outbox-db.ts before decision 0067), with the rows
    // its ReplySender wrote: one waiting, one the server had, one it refused.
    const old = new Dexie(name, { indexedDB, IDBKeyRange })
    old.version(5).stores({
      submissions: 'id, seq, kidId, userId',
      photos: 'id, submissionId',
      replies: 'id, userId, kidId',
      enrolments: 'id, userId',
      documents: 'path, kidId',
    })
    await old.open()
    const T = 1_764_000_000_000
    const Q = 'q'.repeat(20)
    const rowsV5: QueuedReply[] = [
      {
        id: replyId('k1', OFFER),
        userId: 'u1',
        kidId: 'k1',
        questionId: OFFER,
        reply: 'accepted',
        state: 'queued',
        createdAt: T,
      },
      {
        id: replyId('k2', Q),
        userId: 'u1',
        kidId: 'k2',
        questionId: Q,
        reply: 'interested',
        state: 'sent',
        createdAt: T + 1,
      },
      {
        id: replyId('k3', Q),
        userId: 'u2',
        kidId: 'k3',
        questionId: Q,
        reply: 'declined',
        state: 'refused',
        createdAt: T + 2,
      },
    ]
    await old.table('replies').bulkAdd(rowsV5)
    old.close()

    const db = new OutboxDb(name, { indexedDB, IDBKeyRange })
    await db.open()
    const { server, jobs, sender, close } = await world(`${name}-jobs`)
    server.offline = true
    await adoptOldReplies(db, jobs)
    // A second tab doing the same at once adds nothing.
    await db.replies.bulkAdd(rowsV5)
    await adoptOldReplies(db, jobs)
    expect(await db.replies.count()).toBe(0)
    const kept = [...(await sender.rowsOfUser('u1')), ...(await sender.rowsOfUser('u2'))]
    expect(kept).toEqual(rowsV5)
    expect((await jobs.list(REPLY_KIND)).map((job) => job.state)).toEqual(['queued', 'held', 'failed'])

    jobs.bindUser('u1')
    server.goOnline()
    await vi.waitFor(
      async () => expect((await sender.rowsOf('k1'))[0]).toMatchObject({ state: 'sent' }),
      WAIT,
    )
    expect(server.writes.filter((write) => write.startsWith('reply'))).toEqual(['reply k1 accepted'])
    close()
    db.close()
  })
})
