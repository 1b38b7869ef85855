// 'Collection codes' on the child's page (decision 0079): a code per person the file allows, made on the
// device, shown as '4827 1930'; 'Change code' makes a new one the door's check accepts (the old one no
// longer matches); 'Share' copies it where the browser cannot share, and says so; offline the change is
// kept on the device until the server has it.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { centreDay } from '#shared/records/attendance-record'
import { checkCollectionCode, formatCollectionCode } from '#shared/records/collection-code'
import { emptyEnrolmentFields } from '#shared/records/enrolment-record'
import { PARENT, seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'
import { codeWords } from './collection-codes'

vi.setConfig({ testTimeout: 30_000 })

const world = useKidsWorld()
const AUNT = { name: 'Ada Eze', relation: 'Aunt', phone: '+234 802 555 0199' }

/** The child, its confirmed place and its file naming `collectors`, as the server holds them. */
function withFile(collectors = [AUNT]): void {
  seedKid(world(), storedKid('kid1'))
  const today = centreDay(Date.now())
  world().backend.centre.decide('kid1', { state: 'confirmed', startDate: today })
  world().backend.centre.enrolments.set('kid1', {
    ...emptyEnrolmentFields(),
    collectors,
    userRef: PARENT.uid,
    kidId: 'kid1',
    savedAt: Date.now(),
  })
  world().backend.attendance.children.push({
    kidId: 'kid1',
    userRef: PARENT.uid,
    kidName: 'Amara Obi',
    parentName: 'Ngozi',
    parentPhone: '+234 802 555 0101',
    startDate: today,
    collectors,
    mustNotCollect: '',
  })
}

async function openCodes(): Promise<HTMLElement> {
  world.render('/kid/kid1')
  await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })
  return screen.findByRole('region', { name: codeWords.heading })
}

const stored = () => world().backend.attendance.codes.get('kid1')?.codes ?? []

describe("'Collection codes' on the child's page", () => {
  it('makes a code for the file’s person; a change makes a new one the door accepts, not the old', async () => {
    withFile()
    const user = userEvent.setup()
    const section = await openCodes()
    await waitFor(() => expect(stored()).toHaveLength(1))
    const [first] = stored()
    if (!first) throw new Error('No code made')
    expect(first).toMatchObject({ name: 'Ada Eze', relation: 'Aunt' })
    expect(await within(section).findByText(formatCollectionCode(first.code))).toBeInTheDocument()

    await user.click(within(section).getByRole('button', { name: `${codeWords.change}: Ada Eze` }))
    expect(await within(section).findByText(codeWords.changed('Ada Eze'))).toBeInTheDocument()
    await waitFor(() => expect(stored()[0]?.code).not.toBe(first.code))
    const changed = stored()[0]?.code ?? ''
    expect(within(section).getByText(formatCollectionCode(changed))).toBeInTheDocument()
    const [verifier] = world().backend.attendance.codeChecks.get('kid1') ?? []
    if (!verifier) throw new Error('No verifier stored')
    expect(await checkCollectionCode(first.code, verifier)).toBe(false)
    expect(await checkCollectionCode(formatCollectionCode(changed), verifier)).toBe(true)
  })

  it('copies a code where the browser cannot share, and says so', async () => {
    withFile()
    const writeText = vi.fn(async (_text: string) => undefined)
    const user = userEvent.setup()
    // After userEvent.setup(), which puts a clipboard stub of its own in place.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const section = await openCodes()
    await waitFor(() => expect(stored()).toHaveLength(1))
    await user.click(
      await within(section).findByRole('button', { name: `${codeWords.share}: Ada Eze’s code` }),
    )
    expect(await within(section).findByText(codeWords.copied('Ada Eze'))).toBeInTheDocument()
    const code = formatCollectionCode(stored()[0]?.code ?? '')
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(code))
    expect(writeText.mock.calls[0]?.[0]).toContain('Amara Obi')
  })

  it('keeps a change made offline on the device until the server has it', async () => {
    withFile()
    const user = userEvent.setup()
    const section = await openCodes()
    await waitFor(() => expect(stored()).toHaveLength(1))
    const first = stored()[0]?.code ?? ''
    await within(section).findByText(formatCollectionCode(first))
    world().backend.attendance.offline = true
    await user.click(within(section).getByRole('button', { name: `${codeWords.change}: Ada Eze` }))
    expect(await within(section).findByText(codeWords.kept)).toBeInTheDocument()
    const kept = (await world().runtime.codes.rowOf('kid1'))?.codes[0]?.code ?? ''
    expect(kept).not.toBe(first)
    expect(within(section).getByText(formatCollectionCode(kept))).toBeInTheDocument()
    expect(stored()[0]?.code).toBe(first)
    expect(await world().runtime.unsentCount(PARENT.uid)).toBe(1)
    world().backend.attendance.goOnline()
    await waitFor(() => expect(stored()[0]?.code).toBe(kept))
    await waitFor(() => expect(within(section).queryByText(codeWords.kept)).toBeNull())
  })

  it('shows nothing while the file names nobody who may collect', async () => {
    withFile([])
    world.render('/kid/kid1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region', { name: codeWords.heading })).toBeNull()
    expect(stored()).toEqual([])
  })
})
