import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { emptyEnrolmentFields } from '#shared/records/enrolment-record'
import { addDays, centreDate } from '#shared/records/registration-record'
import {
  createFakeCentre,
  createFakeRegistrations,
  FakeCentreServer,
} from '#testing/backend/fake-centre-ports'
import { FakePhotoStorage, pngBytes, transientError } from '#testing/backend/fake-kids-ports'
import { WAIT } from '#testing/timeouts'
import { EnrolmentSender } from './enrolment-sender'
import { OutboxDb } from './outbox-db'

const OFFER = 'o'.repeat(20)
const PLAN = `images/u1/plan.pdf-${'p'.repeat(20)}`
const CARD = `images/u1/card.jpg-${'c'.repeat(20)}`

async function world(name: string, accepted = true) {
  const server = new FakeCentreServer()
  const today = centreDate(Date.now())
  await createFakeCentre(server).decide('k1', {
    state: 'offered',
    startDate: addDays(today, 30),
    replyBy: addDays(today, 7),
    offerId: OFFER,
  })
  if (accepted) server.reply('k1', OFFER, 'accepted')
  const db = new OutboxDb(name, { indexedDB, IDBKeyRange })
  await db.open()
  const photos = new FakePhotoStorage()
  const sender = new EnrolmentSender(db, createFakeRegistrations(server), photos)
  return { server, db, photos, sender }
}

const withDocs = () => ({
  ...emptyEnrolmentFields(),
  allergies: 'none',
  actionPlan: { path: PLAN, type: 'application/pdf' as const, fileName: 'plan.pdf' },
  immunisation: { path: CARD, type: 'image/jpeg' as const, fileName: 'card.jpg' },
})

describe('enrolment files, through the outbox', () => {
  it('kept on the device offline; sent once online: documents uploaded first, then the file', async () => {
    const { server, db, photos, sender } = await world('enrolment-offline')
    server.offline = true
    photos.uploadFailures.push(transientError())
    sender.bindUser('u1')
    await sender.save('u1', 'k1', withDocs(), [
      { path: PLAN, type: 'application/pdf', data: pngBytes() },
      { path: CARD, type: 'image/jpeg', data: pngBytes() },
    ])
    expect(await db.enrolments.get('k1')).toMatchObject({ state: 'queued', rev: 1 })
    expect(await db.documents.count()).toBe(2)
    server.goOnline()
    sender.kick()
    await vi.waitFor(async () => expect(await db.enrolments.count()).toBe(0), WAIT)
    expect(photos.uploads).toEqual([PLAN, CARD])
    expect(photos.objects.get(PLAN)?.type).toBe('application/pdf')
    expect(await db.documents.count()).toBe(0)
    expect(server.enrolments.get('k1')).toMatchObject({
      allergies: 'none',
      userRef: 'u1',
      actionPlan: { path: PLAN },
    })
    expect(server.writes.filter((write) => write.startsWith('enrolment'))).toEqual(['enrolment k1'])
    db.close()
  })

  it('the last save wins; a document the file no longer names loses its bytes', async () => {
    const { server, db, sender } = await world('enrolment-twice')
    server.offline = true
    sender.bindUser('u1')
    await sender.save('u1', 'k1', withDocs(), [{ path: PLAN, type: 'application/pdf', data: pngBytes() }])
    await sender.save('u1', 'k1', { ...withDocs(), actionPlan: null, allergies: 'Eggs' }, [])
    expect(await db.enrolments.get('k1')).toMatchObject({ rev: 2, fields: { allergies: 'Eggs' } })
    expect(await db.documents.count()).toBe(0)
    db.close()
  })

  it('refused by the server (no place accepted): kept, to say why', async () => {
    const { server, db, sender } = await world('enrolment-refused', false)
    sender.bindUser('u1')
    await sender.save('u1', 'k1', emptyEnrolmentFields(), [])
    await vi.waitFor(async () => expect((await db.enrolments.get('k1'))?.state).toBe('refused'), WAIT)
    expect(server.enrolments.size).toBe(0)
    await sender.dismiss('k1')
    expect(await db.enrolments.count()).toBe(0)
    db.close()
  })
})
