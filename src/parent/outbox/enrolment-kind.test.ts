import Dexie from 'dexie'
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { emptyEnrolmentFields } from '#shared/records/enrolment-record'
import { addDays, centreDate } from '#shared/records/registration-record'
import {
  createFakeCentre,
  createFakeRegistrations,
  FakeCentreServer,
} from '#testing/backend/fake-centre-ports'
import { FakePhotoStorage, pngBytes, transientError } from '#testing/backend/fake-kids-ports'
import { WAIT } from '#testing/timeouts'
import { adoptOldEnrolments, ENROLMENT_KIND, EnrolmentFiles, enrolmentJobId } from './enrolment-kind'
import { OutboxDb, type QueuedEnrolment, type StoredDocumentBytes } from './outbox-db'

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
  const db = new JobDb(name, { indexedDB, IDBKeyRange })
  const jobs = new OutboxEngine({ db, lock: (_name, _signal, work) => work() })
  const photos = new FakePhotoStorage()
  const files = new EnrolmentFiles(jobs, createFakeRegistrations(server), photos)
  return { server, db, jobs, photos, files, close: () => jobs.close() }
}

const withDocs = () => ({
  ...emptyEnrolmentFields(),
  allergies: 'none',
  actionPlan: { path: PLAN, type: 'application/pdf' as const, fileName: 'plan.pdf' },
  immunisation: { path: CARD, type: 'image/jpeg' as const, fileName: 'card.jpg' },
})

const enrolmentWrites = (server: FakeCentreServer) =>
  server.writes.filter((write) => write.startsWith('enrolment'))

describe('enrolment files, as jobs of the outbox', () => {
  it('kept on the device offline; sent once online: documents uploaded first, then the file', async () => {
    const { server, db, jobs, photos, files, close } = await world('enrolment-offline')
    server.offline = true
    photos.uploadFailures.push(transientError())
    jobs.bindUser('u1')
    await files.save('u1', 'k1', withDocs(), [
      { path: PLAN, type: 'application/pdf', data: pngBytes() },
      { path: CARD, type: 'image/jpeg', data: pngBytes() },
    ])
    expect(await files.rowOf('k1')).toMatchObject({ state: 'queued', rev: 1, userId: 'u1' })
    expect(await db.blobs.count()).toBe(2)
    // The first upload failed for a passing reason: the job waits its backoff.
    await vi.waitFor(async () => expect((await db.jobs.toArray())[0]?.attempts).toBe(1), WAIT)
    expect(await files.rowOf('k1')).toMatchObject({ state: 'queued' })
    server.goOnline()
    await jobs.wake()
    await vi.waitFor(async () => expect(await db.jobs.count()).toBe(0), WAIT)
    expect(photos.uploads).toEqual([PLAN, CARD])
    expect(photos.uploadedAs).toEqual(['u1', 'u1'])
    expect(photos.objects.get(PLAN)?.type).toBe('application/pdf')
    expect(await db.blobs.count()).toBe(0)
    expect(await files.rowOf('k1')).toBeNull()
    expect(server.enrolments.get('k1')).toMatchObject({
      allergies: 'none',
      userRef: 'u1',
      actionPlan: { path: PLAN },
    })
    expect(enrolmentWrites(server)).toEqual(['enrolment k1'])
    close()
  })

  it('the last save wins, in one job; a document the file no longer names loses its bytes', async () => {
    const { server, db, jobs, files, close } = await world('enrolment-twice')
    server.offline = true
    jobs.bindUser('u1')
    await files.save('u1', 'k1', withDocs(), [
      { path: PLAN, type: 'application/pdf', data: pngBytes() },
      { path: CARD, type: 'image/jpeg', data: pngBytes() },
    ])
    await files.save('u1', 'k1', { ...withDocs(), actionPlan: null, allergies: 'Eggs' }, [])
    expect(await jobs.list(ENROLMENT_KIND)).toHaveLength(1)
    expect(await files.rowOf('k1')).toMatchObject({
      rev: 2,
      fields: { allergies: 'Eggs' },
      documents: [{ path: CARD, uploaded: false }],
    })
    expect((await db.blobs.toArray()).map((blob) => blob.id)).toEqual([CARD])
    close()
  })

  it('a save made while the file is on its way is sent after it, its documents once', async () => {
    const { server, db, jobs, photos, files, close } = await world('enrolment-meanwhile')
    let release = () => {}
    photos.hold = new Promise<void>((resolve) => {
      release = resolve
    })
    const onItsWay = new Promise<void>((resolve) =>
      jobs.onEvent((event) => {
        if (event.type === 'progress') resolve()
      }),
    )
    jobs.bindUser('u1')
    await files.save('u1', 'k1', withDocs(), [{ path: PLAN, type: 'application/pdf', data: pngBytes() }])
    // The plan's upload is on its way when the parent saves again, and picks the card.
    await onItsWay
    await files.save('u1', 'k1', { ...withDocs(), allergies: 'Eggs' }, [
      { path: CARD, type: 'image/jpeg', data: pngBytes() },
    ])
    photos.hold = null
    release()
    await vi.waitFor(async () => expect(await db.jobs.count()).toBe(0), WAIT)
    expect(server.enrolments.get('k1')).toMatchObject({ allergies: 'Eggs', immunisation: { path: CARD } })
    // The plan's upload was not marked (the job had changed): uploaded again, to the same path.
    expect(photos.uploads).toEqual([PLAN, PLAN, CARD])
    expect(enrolmentWrites(server)).toEqual(['enrolment k1'])
    close()
  })

  it('refused by the server (no place accepted): kept, to say why, until dismissed', async () => {
    const { server, db, jobs, files, close } = await world('enrolment-refused', false)
    jobs.bindUser('u1')
    await files.save('u1', 'k1', emptyEnrolmentFields(), [])
    await vi.waitFor(async () => expect((await files.rowOf('k1'))?.state).toBe('refused'), WAIT)
    expect(server.enrolments.size).toBe(0)
    await files.dismiss('k1')
    expect(await db.jobs.count()).toBe(0)
    close()
  })

  it('sends nothing for a parent who is not signed in', async () => {
    const { server, jobs, files, close } = await world('enrolment-signed-out')
    await files.save('u1', 'k1', emptyEnrolmentFields(), [])
    jobs.bindUser('u2')
    await jobs.idle()
    expect(server.enrolments.size).toBe(0)
    expect(await files.rowsOfUser('u1')).toMatchObject([{ kidId: 'k1', state: 'queued' }])
    close()
  })

  it("moves a version-5 outbox's files and their bytes into jobs once, and sends the queued one", async () => {
    const name = 'enrolments-version-5'
    // The database as version 5's code declared it (outbox-db.ts before decision 0068), with the rows
    // its EnrolmentSender wrote: a file waiting (its plan uploaded, its card not), and one refused.
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
    const rowsV5: QueuedEnrolment[] = [
      {
        id: 'k1',
        userId: 'u1',
        kidId: 'k1',
        fields: withDocs(),
        documents: [
          { path: PLAN, type: 'application/pdf', uploaded: true },
          { path: CARD, type: 'image/jpeg', uploaded: false },
        ],
        state: 'queued',
        rev: 3,
        createdAt: T,
      },
      {
        id: 'k2',
        userId: 'u2',
        kidId: 'k2',
        fields: { ...emptyEnrolmentFields(), allergies: 'Eggs' },
        documents: [],
        state: 'refused',
        rev: 1,
        createdAt: T + 1,
      },
    ]
    const card = new Uint8Array([1, 2, 3]).buffer
    const bytesV5: StoredDocumentBytes[] = [
      { path: PLAN, kidId: 'k1', type: 'application/pdf', data: new Uint8Array([9]).buffer },
      { path: CARD, kidId: 'k1', type: 'image/jpeg', data: card },
    ]
    await old.table('enrolments').bulkAdd(rowsV5)
    await old.table('documents').bulkAdd(bytesV5)
    old.close()

    const db = new OutboxDb(name, { indexedDB, IDBKeyRange })
    await db.open()
    const { server, jobs, photos, files, close } = await world(`${name}-jobs`)
    server.offline = true
    await adoptOldEnrolments(db, jobs)
    // A second tab doing the same at once adds nothing.
    await db.enrolments.bulkAdd(rowsV5)
    await db.documents.bulkAdd(bytesV5)
    await adoptOldEnrolments(db, jobs)
    expect(await db.enrolments.count()).toBe(0)
    expect(await db.documents.count()).toBe(0)
    const kept = await jobs.list(ENROLMENT_KIND)
    expect(kept.map((job) => [job.id, job.owner, job.state])).toEqual([
      [enrolmentJobId('k1'), 'u1', 'queued'],
      [enrolmentJobId('k2'), 'u2', 'failed'],
    ])
    // As the screens read them: the same files, in the same states (a job's rev starts again at 1).
    const rows = [...(await files.rowsOfUser('u1')), ...(await files.rowsOfUser('u2'))]
    expect(rows).toEqual(rowsV5.map((row) => ({ ...row, rev: 1 })))
    expect(new Uint8Array((await files.documentBytes(CARD))?.data ?? new ArrayBuffer(0))).toEqual(
      new Uint8Array(card),
    )

    jobs.bindUser('u1')
    server.goOnline()
    await vi.waitFor(async () => expect(await files.rowOf('k1')).toBeNull(), WAIT)
    // Only the card was left to upload; then the file.
    expect(photos.uploads).toEqual([CARD])
    expect(server.enrolments.get('k1')).toMatchObject({ allergies: 'none', userRef: 'u1' })
    expect(await files.rowOf('k2')).toMatchObject({ state: 'refused' })
    close()
    db.close()
  })
})
