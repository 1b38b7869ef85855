import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { addDays, centreDate } from '#shared/records/registration-record'
import {
  createFakeCentre,
  createFakeRegistrations,
  FakeCentreServer,
} from '#testing/backend/fake-centre-ports'
import { WAIT } from '#testing/timeouts'
import { OutboxDb } from './outbox-db'
import { ReplySender, replyId } from './reply-sender'

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
  const db = new OutboxDb(name, { indexedDB, IDBKeyRange })
  await db.open()
  const sender = new ReplySender(db, createFakeRegistrations(server))
  return { server, db, sender }
}

describe('replies to the centre, through the outbox', () => {
  it('are kept on the device while offline and sent once online; a second press adds nothing', async () => {
    const { server, db, sender } = await world('replies-offline')
    server.offline = true
    sender.bindUser('u1')
    await sender.answer('u1', 'k1', OFFER, 'accepted')
    await sender.answer('u1', 'k1', OFFER, 'declined')
    expect(await db.replies.toArray()).toMatchObject([{ reply: 'accepted', state: 'queued' }])
    expect(server.writes.filter((write) => write.startsWith('reply'))).toEqual([])
    server.goOnline()
    // Sent: kept as such until the parent's page shows the server's reply (it then dismisses it).
    await vi.waitFor(
      async () => expect(await db.replies.toArray()).toMatchObject([{ reply: 'accepted', state: 'sent' }]),
      WAIT,
    )
    expect(server.writes.filter((write) => write.startsWith('reply'))).toEqual(['reply k1 accepted'])
    // Nothing sent twice: a kick finds nothing queued.
    sender.kick()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.writes.filter((write) => write.startsWith('reply'))).toEqual(['reply k1 accepted'])
    db.close()
  })

  it('a reply the server holds already (sent before a reload) counts as sent, not refused', async () => {
    const { server, db, sender } = await world('replies-twice')
    server.reply('k1', OFFER, 'accepted')
    sender.bindUser('u1')
    await sender.answer('u1', 'k1', OFFER, 'accepted')
    await vi.waitFor(
      async () => expect(await db.replies.get(replyId('k1', OFFER))).toMatchObject({ state: 'sent' }),
      WAIT,
    )
    expect(server.writes.filter((write) => write.startsWith('reply'))).toEqual(['reply k1 accepted'])
    db.close()
  })

  it('an answer to an offer that lapsed meanwhile is refused, and kept to say why', async () => {
    const { server, db, sender } = await world('replies-lapsed')
    server.offline = true
    sender.bindUser('u1')
    await sender.answer('u1', 'k1', OFFER, 'accepted')
    // The schedule lapsed the offer while the phone was offline.
    await createFakeCentre(server).decide('k1', {
      state: 'waitlisted',
      startDate: null,
      waitingSince: '2026-11-01',
    })
    server.goOnline()
    await vi.waitFor(
      async () => expect(await db.replies.get(replyId('k1', OFFER))).toMatchObject({ state: 'refused' }),
      WAIT,
    )
    expect(server.replies.size).toBe(0)
    db.close()
  })

  it('sends nothing for a parent who is not signed in', async () => {
    const { server, db, sender } = await world('replies-signed-out')
    await sender.answer('u1', 'k1', OFFER, 'accepted')
    sender.bindUser('u2')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.replies.size).toBe(0)
    expect(await db.replies.count()).toBe(1)
    db.close()
  })
})
