// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createOutboxRuntime } from '#parent/outbox/outbox-runtime'
import { formatCollectionCode } from '#shared/records/collection-code'
import { emptyEnrolmentFields } from '#shared/records/enrolment-record'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { enrolmentEntries } from './my-data-enrolment'

const PLAN = `images/u1/plan.pdf-${'p'.repeat(20)}`

describe("a child's enrolment file in 'Download my data'", () => {
  it('is the file waiting on this device, with the bytes of its document not yet uploaded', async () => {
    // Nobody is signed in: the file waits.
    const runtime = await createOutboxRuntime(createFakeBackend(), { dbName: 'my-data-file' })
    const plan = new Uint8Array([37, 80, 68, 70])
    await runtime.enrolments.save(
      'u1',
      'k1',
      {
        ...emptyEnrolmentFields(),
        allergies: 'Eggs',
        actionPlan: { path: PLAN, type: 'application/pdf', fileName: 'plan.pdf' },
      },
      [{ path: PLAN, type: 'application/pdf', data: plan.buffer }],
    )
    const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
    const { files, missing } = await enrolmentEntries(runtime, 'k1', 'u1', 'children/amara', json)
    expect(missing).toEqual([])
    expect(Object.keys(files).sort()).toEqual([
      'children/amara/enrolment-action-plan.pdf',
      'children/amara/enrolment.json',
    ])
    // No collection codes made yet: no entry of them.
    expect(files['children/amara/enrolment-action-plan.pdf']).toEqual(plan)
    const file = JSON.parse(new TextDecoder().decode(files['children/amara/enrolment.json']))
    expect(file).toMatchObject({
      allergies: 'Eggs',
      actionPlan: { fileName: 'plan.pdf', file: 'enrolment-action-plan.pdf' },
      status: 'waiting on this device',
    })
    runtime.close()
  })
  it('names the collection codes of the file’s people, as the parent reads them', async () => {
    const runtime = await createOutboxRuntime(createFakeBackend(), { dbName: 'my-data-codes' })
    const aunt = { name: 'Ada Eze', relation: 'Aunt' }
    const collectors = [{ ...aunt, phone: '+234 802 555 0199' }]
    await runtime.enrolments.save('u1', 'k1', { ...emptyEnrolmentFields(), collectors }, [])
    await runtime.codes.follow('u1', 'k1', [aunt])
    const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
    const { files } = await enrolmentEntries(runtime, 'k1', 'u1', 'children/amara', json)
    const kept = (await runtime.codes.rowOf('k1'))?.codes[0]?.code ?? ''
    const entry = files['children/amara/collection-codes.json']
    expect(entry && JSON.parse(new TextDecoder().decode(entry))).toEqual({
      codes: [{ ...aunt, code: formatCollectionCode(kept) }],
      status: 'waiting on this device',
    })
    runtime.close()
  })
})
