// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createOutboxRuntime } from '#parent/outbox/outbox-runtime'
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
    const { files, missing } = await enrolmentEntries(runtime, 'k1', 'children/amara', json)
    expect(missing).toEqual([])
    expect(Object.keys(files).sort()).toEqual([
      'children/amara/enrolment-action-plan.pdf',
      'children/amara/enrolment.json',
    ])
    expect(files['children/amara/enrolment-action-plan.pdf']).toEqual(plan)
    const file = JSON.parse(new TextDecoder().decode(files['children/amara/enrolment.json']))
    expect(file).toMatchObject({
      allergies: 'Eggs',
      actionPlan: { fileName: 'plan.pdf', file: 'enrolment-action-plan.pdf' },
      status: 'waiting on this device',
    })
    runtime.close()
  })
})
