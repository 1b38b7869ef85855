// Collection codes as jobs of the outbox engine (decision 0079): made on the device when the file's
// people change (a person kept keeps their code, a new one gets one, a removed one loses theirs and
// its check); nothing written when nothing changed; refused while the child's file still waits on the
// device it tries again, refused otherwise it is kept, failed.
import { IDBKeyRange, indexedDB } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { JobDb } from '#shared/outbox/job-db'
import { OutboxEngine } from '#shared/outbox/outbox-engine'
import { checkCollectionCode } from '#shared/records/collection-code'
import { emptyEnrolmentFields } from '#shared/records/enrolment-record'
import { createFakeChildDay, FakeAttendanceServer } from '#testing/backend/fake-attendance-ports'
import { createFakeRegistrations, FakeCentreServer } from '#testing/backend/fake-centre-ports'
import { FakePhotoStorage } from '#testing/backend/fake-kids-ports'
import { CODES_KIND, CODES_REFUSED, CollectionCodes, codesJobId } from './codes-kind'
import { EnrolmentFiles } from './enrolment-kind'

const ADA = { name: 'Ada Eze', relation: 'Aunt', phone: '+234 802 555 0199' }
const BAYO = { name: 'Bayo Eze', relation: 'Uncle', phone: '+234 802 555 0198' }

function world(name: string, withFile = true) {
  const server = new FakeAttendanceServer()
  server.signedIn = 'u1'
  if (withFile)
    server.children.push({
      kidId: 'k1',
      userRef: 'u1',
      kidName: 'Amara Obi',
      parentName: 'Ngozi',
      parentPhone: '+234 802 555 0101',
      startDate: '2026-12-01',
      collectors: [ADA],
      mustNotCollect: '',
    })
  const jobs = new OutboxEngine({
    db: new JobDb(name, { indexedDB, IDBKeyRange }),
    lock: (_name, _signal, work) => work(),
  })
  const codes = new CollectionCodes(jobs, createFakeChildDay(server))
  jobs.bindUser('u1')
  return { server, jobs, codes }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check()).toBe(true)
}

describe('collection codes, as jobs of the outbox', () => {
  it('a person kept keeps their code; a new one gets one; a removed one loses theirs and its check', async () => {
    const { server, jobs, codes } = world('codes-people')
    await codes.follow('u1', 'k1', [ADA])
    await until(() => server.codes.get('k1')?.codes.length === 1)
    const ada = server.codes.get('k1')?.codes[0]?.code ?? ''
    await codes.follow('u1', 'k1', [ADA, BAYO])
    await until(() => server.codes.get('k1')?.codes.length === 2)
    expect(server.codes.get('k1')?.codes.map((c) => [c.name, c.code === ada])).toEqual([
      ['Ada Eze', true],
      ['Bayo Eze', false],
    ])
    const adaCheck = server.codeChecks.get('k1')?.[0]
    await codes.follow('u1', 'k1', [BAYO])
    await until(() => server.codes.get('k1')?.codes.length === 1)
    expect(server.codes.get('k1')?.codes.map((c) => c.name)).toEqual(['Bayo Eze'])
    expect(server.codeChecks.get('k1')?.map((v) => v.name)).toEqual(['Bayo Eze'])
    // Ada's check is gone from the door: no verifier of hers matches her code any more.
    expect(adaCheck && (await checkCollectionCode(ada, adaCheck))).toBe(true)
    expect(server.codeChecks.get('k1')?.some((v) => v.salt === adaCheck?.salt)).toBe(false)
    jobs.close()
  })

  it('writes nothing when the file’s people did not change', async () => {
    const { server, jobs, codes } = world('codes-same')
    await codes.follow('u1', 'k1', [ADA])
    await until(() => server.codes.has('k1'))
    const before = server.codes.get('k1')
    // Her phone changed in the file: her code stays as it is.
    const newPhone = { ...ADA, phone: '+234 802 555 0000' }
    await codes.follow('u1', 'k1', [newPhone])
    expect(await codes.rowOf('k1')).toBeNull()
    expect(server.codes.get('k1')).toBe(before)
    jobs.close()
  })

  it('tries again while the file waits on the device; refused otherwise, kept and said', async () => {
    const { jobs, codes } = world('codes-refused', false)
    // The child's file is kept on this device (offline): the rules refuse its codes until it is sent.
    const centre = new FakeCentreServer()
    const files = new EnrolmentFiles(jobs, createFakeRegistrations(centre), new FakePhotoStorage())
    centre.offline = true
    await files.save('u1', 'k1', { ...emptyEnrolmentFields(), collectors: [ADA] }, [])
    await codes.follow('u1', 'k1', [ADA])
    // Refused while the file waits: tried again after the backoff, not failed.
    const job = async () => (await jobs.list(CODES_KIND)).find((kept) => kept.id === codesJobId('k1'))
    for (let i = 0; i < 300 && !(await job())?.attempts; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await job()).toMatchObject({ state: 'queued', error: 'The enrolment file is not sent yet' })
    // The file is no longer kept (sent, say): the next refusal is for good.
    await files.dismiss('k1')
    await jobs.wake()
    for (let i = 0; i < 300 && (await codes.rowOf('k1'))?.state !== 'refused'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await codes.rowOf('k1')).toMatchObject({ state: 'refused', error: CODES_REFUSED })
    jobs.close()
  })
})
