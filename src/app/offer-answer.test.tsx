// The parent's side of an offer and of the waiting list (issue 35, decision 0031), on the child's page
// (and the offer's answers on the card, issue 53):
// the words, 'Accept' (refused by the app past the reply-by date), and 'Yes, still interested'.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { centreToday } from '#centre/registrations-view'
import { seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'

describe("the parent's answers to the centre", () => {
  const world = useKidsWorld()

  it("answers an offer on the child's page, and refuses one past its reply-by date, in words", async () => {
    const user = userEvent.setup()
    const kid = storedKid('kidaaa00000000000001', { kidName: 'Amara Obi' })
    seedKid(world(), kid)
    const offer = {
      state: 'offered',
      startDate: '2027-02-01',
      replyBy: centreToday(),
      offerId: 'o'.repeat(20),
    } as const
    world().backend.centre.decide(kid.id, offer)
    world.render(`/kid/${kid.id}`)
    const section = within(await screen.findByRole('region', { name: 'Place at the centre' }))
    expect(
      await section.findByText(/^Place offered from 1 February 2027: reply by \d+ \w+ \d{4}$/),
    ).toBeInTheDocument()
    // The device's clock is past the reply-by date: the app refuses, and says why.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 2 * 86_400_000)
    await user.click(section.getByRole('button', { name: 'Accept the place for Amara Obi' }))
    expect(section.getByRole('alert')).toHaveTextContent(
      /This offer can no longer be accepted: its reply-by date, \d+ \w+ \d{4}, has passed/,
    )
    expect(world().backend.centre.replies.size).toBe(0)
    now.mockRestore()
    await user.click(section.getByRole('button', { name: 'Accept the place for Amara Obi' }))
    await waitFor(() =>
      expect(world().backend.centre.replies.get(`${kid.id}/${offer.offerId}`)).toBe('accepted'),
    )
    expect(
      await section.findByText('Place accepted, from 1 February 2027: the centre will confirm it'),
    ).toBeInTheDocument()
  })

  it("answers an offer on the child's card at /profile too, Decline asked first", async () => {
    const user = userEvent.setup()
    const kid = storedKid('kidaaa00000000000001', { kidName: 'Amara Obi' })
    seedKid(world(), kid)
    const offer = {
      state: 'offered',
      startDate: '2027-02-01',
      replyBy: '2099-12-31',
      offerId: 'o'.repeat(20),
    } as const
    world().backend.centre.decide(kid.id, offer)
    world.render('/profile')
    const card = within((await screen.findByText('Amara Obi')).closest('li') as HTMLElement)
    expect(
      await card.findByText('Place offered from 1 February 2027: reply by 31 December 2099'),
    ).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Decline the place for Amara Obi' }))
    const dialog = within(screen.getByRole('alertdialog', { name: 'Decline the place?' }))
    await user.click(dialog.getByRole('button', { name: 'Decline the place' }))
    await waitFor(() =>
      expect(world().backend.centre.replies.get(`${kid.id}/${offer.offerId}`)).toBe('declined'),
    )
    await waitFor(() =>
      expect(card.queryByRole('button', { name: 'Accept the place for Amara Obi' })).toBeNull(),
    )
  })

  it('an answer the server took stays on the page while the listener still says none', async () => {
    const user = userEvent.setup()
    const kid = storedKid('kidaaa00000000000001', { kidName: 'Amara Obi' })
    seedKid(world(), kid)
    const offer = {
      state: 'offered',
      startDate: '2027-02-01',
      replyBy: '2099-12-31',
      offerId: 'o'.repeat(20),
    } as const
    const centre = world().backend.centre
    centre.decide(kid.id, offer)
    // As the emulator did (firebase-tools #3867): the listener opened before the reply existed keeps
    // saying 'no reply' after this device created it.
    centre.staleReplyListeners = true
    const view = world.render(`/kid/${kid.id}`)
    const section = () => within(screen.getByRole('region', { name: 'Place at the centre' }))
    await screen.findByRole('region', { name: 'Place at the centre' })
    await user.click(section().getByRole('button', { name: 'Accept the place for Amara Obi' }))
    await waitFor(() => expect(centre.replies.get(`${kid.id}/${offer.offerId}`)).toBe('accepted'))
    const sent = async () =>
      (await world().runtime.replies.rowsOf(kid.id)).find((row) => row.id === `${kid.id}/${offer.offerId}`)
    await waitFor(async () => expect(await sent()).toMatchObject({ state: 'sent' }))
    // The page follows the device's queue through a live query, a moment after the queue itself.
    await waitFor(() => expect(section().queryByText(/kept on this device/)).toBeNull())
    expect(
      section().getByText('Place accepted, from 1 February 2027: the centre will confirm it'),
    ).toBeVisible()
    expect(section().queryByRole('button', { name: 'Accept the place for Amara Obi' })).toBeNull()
    // Opened again, the page still says so.
    view.unmount()
    world.render(`/kid/${kid.id}`)
    expect(
      await screen.findByText('Place accepted, from 1 February 2027: the centre will confirm it'),
    ).toBeVisible()
    // The listener shows the server's reply at last: the row kept here goes.
    centre.staleReplyListeners = false
    centre.changed()
    await waitFor(async () => expect(await sent()).toBeUndefined())
    expect(screen.getByText('Place accepted, from 1 February 2027: the centre will confirm it')).toBeVisible()
  })

  it("asks a waiting family 'Still interested?' and takes their yes; a lapsed offer is explained", async () => {
    const user = userEvent.setup()
    const kid = storedKid('kidaaa00000000000001', { kidName: 'Amara Obi' })
    seedKid(world(), kid)
    const askId = 'q'.repeat(20)
    world().backend.centre.registrations.set(kid.id, {
      state: 'waitlisted',
      startDate: null,
      replyBy: null,
      offerId: null,
      waitingSince: '2026-08-03',
      reason: null,
      lapsedOn: '2026-11-20',
      askId,
      askedAt: Date.UTC(2026, 10, 25, 0, 5),
      missing: [],
      decidedBy: 'sunbeam-schedule',
      decidedAt: Date.UTC(2026, 10, 25, 0, 5),
      decidedOn: null,
    })
    world.render(`/kid/${kid.id}`)
    const section = within(await screen.findByRole('region', { name: 'Place at the centre' }))
    expect(await section.findByText('On the waiting list since 3 August 2026')).toBeInTheDocument()
    expect(
      section.getByText(
        'The offer of a place was not answered by 20 November 2026, so it went to the next family.',
      ),
    ).toBeInTheDocument()
    expect(section.getByText('Still interested? Please answer by 9 December 2026.')).toBeInTheDocument()
    await user.click(section.getByRole('button', { name: 'Yes, still interested' }))
    await waitFor(() => expect(world().backend.centre.replies.get(`${kid.id}/${askId}`)).toBe('interested'))
    await waitFor(() => expect(section.queryByText(/^Still interested\?/)).not.toBeInTheDocument())
  })
})
