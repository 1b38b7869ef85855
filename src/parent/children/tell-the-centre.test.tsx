// 'Tell the centre' on the child's page (issue 51; docs/decisions/0076): only for a confirmed place that
// has started; checked with the record's functions; kept on the device while offline and 'Sent' once
// the server has it; a refusal by the rules kept and said.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { TELL_REFUSED } from '#parent/outbox/tell-kind'
import { centreDay } from '#shared/records/attendance-record'
import { addDays } from '#shared/records/registration-record'
import { tellMessages } from '#shared/records/tell-the-centre-record'
import { PARENT, seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'

vi.setConfig({ testTimeout: 20_000 })

const world = useKidsWorld()
const today = centreDay(Date.now())

/** The child with a place decided as given; on the door's server too when `confirmedThere`. */
function placed(startDate: string, confirmedThere = true): void {
  seedKid(world(), storedKid('kid1'))
  world().backend.centre.decide('kid1', { state: 'confirmed', startDate })
  if (confirmedThere)
    world().backend.attendance.children.push({
      kidId: 'kid1',
      userRef: PARENT.uid,
      kidName: 'Amara Obi',
      parentName: 'Ngozi',
      parentPhone: '+234 802 555 0101',
      startDate,
      collectors: null,
      mustNotCollect: '',
    })
}

async function openPage(): Promise<HTMLElement> {
  world.render('/kid/kid1')
  await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })
  return screen.findByRole('region', { name: 'Tell the centre' })
}

describe("'Tell the centre' on the child's page", () => {
  it('is not offered before the place has started; offered once it has', async () => {
    placed(addDays(today, 1))
    world.render('/kid/kid1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Obi' })).toBeInTheDocument()
    // Let the fake's listeners answer (microtasks), then look.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region', { name: 'Tell the centre' })).not.toBeInTheDocument()
    // The control: the same page, the place now starting today, offers it (live).
    world().backend.centre.decide('kid1', { state: 'confirmed', startDate: today })
    expect(await screen.findByRole('region', { name: 'Tell the centre' })).toBeInTheDocument()
  })

  it("sends 'Away today' kept on the device while offline, then 'Sent' once online", async () => {
    placed(addDays(today, -3))
    world().backend.attendance.offline = true
    const user = userEvent.setup()
    const section = await openPage()
    await user.click(within(section).getByRole('button', { name: 'Away today' }))
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    expect(within(section).getByText(tellMessages.reason)).toBeInTheDocument()
    await user.click(within(section).getByRole('radio', { name: 'Ill' }))
    await user.type(within(section).getByLabelText('Note (optional)'), 'A cold')
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    const row = (await within(section).findByText('Away today: ill. A cold')).closest('li') as HTMLElement
    expect(within(row).getByText('Kept on this device until it is sent')).toBeInTheDocument()
    expect(world().backend.attendance.messages).toEqual([])
    world().backend.attendance.goOnline()
    expect(await within(row).findByText('Sent')).toBeInTheDocument()
    expect(world().backend.attendance.messages).toMatchObject([
      {
        kidId: 'kid1',
        userRef: PARENT.uid,
        day: today,
        fields: { kind: 'away', reason: 'ill', note: 'A cold' },
      },
    ])
  })

  it("checks 'Someone else collects today' with the record's rules, then sends it", async () => {
    placed(today)
    const user = userEvent.setup()
    const section = await openPage()
    await user.click(within(section).getByRole('button', { name: 'Someone else collects today' }))
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    expect(within(section).getByText(tellMessages.name)).toBeInTheDocument()
    expect(within(section).getByText(tellMessages.relation)).toBeInTheDocument()
    expect(within(section).getByText(tellMessages.phone)).toBeInTheDocument()
    await user.type(within(section).getByLabelText('Name'), 'Ada Eze')
    await user.type(within(section).getByLabelText('Phone'), 'call me')
    await user.type(within(section).getByLabelText('Relation to the child'), 'aunt')
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    expect(within(section).getByText(tellMessages.phoneShape)).toBeInTheDocument()
    expect(await world().runtime.tells.rowsOf('kid1')).toEqual([])
    await user.clear(within(section).getByLabelText('Phone'))
    await user.type(within(section).getByLabelText('Phone'), '0803 555 0199')
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    const row = (
      await within(section).findByText('Someone else collects today: Ada Eze (aunt), 0803 555 0199')
    ).closest('li') as HTMLElement
    expect(await within(row).findByText('Sent')).toBeInTheDocument()
    expect(world().backend.attendance.messages).toHaveLength(1)
  })

  it('keeps a message the rules refuse, says so, and forgets it on Dismiss', async () => {
    // The parent's device saw the place confirmed; the server no longer has it confirmed.
    placed(addDays(today, -1), false)
    const user = userEvent.setup()
    const section = await openPage()
    await user.click(within(section).getByRole('button', { name: 'Away today' }))
    await user.click(within(section).getByRole('radio', { name: 'Holiday' }))
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    const row = (await within(section).findByText('Away today: holiday')).closest('li') as HTMLElement
    expect(await within(row).findByText(TELL_REFUSED)).toBeInTheDocument()
    expect(world().backend.attendance.messages).toEqual([])
    await user.click(within(row).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(within(section).queryByText('Away today: holiday')).not.toBeInTheDocument())
  })
})
