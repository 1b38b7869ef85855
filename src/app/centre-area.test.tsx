// /centre through the app's real router and guard, on fake ports: who gets in, what staff see and do,
// and the parent's card following the centre's decision live. It lives in the app layer because it
// drives two features together (the centre's screens and the parent's kids).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { centreToday, formatDay } from '#centre/registrations-view'
import type { AuthUser } from '#shared/backend/backend-ports'
import type { StoredInquiry } from '#shared/records/inquiry-record'
import type { StoredKid } from '#shared/records/kid-record'
import { addDays } from '#shared/records/registration-record'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'
import { renderRoute } from '#testing/screens/render-route'

vi.setConfig({ testTimeout: 20_000 })

const STAFF: AuthUser = { uid: 'staff-1', email: 'sam@sunbeam.test', displayName: 'Sam' }

const inquiry = (id: string, overrides: Partial<StoredInquiry> = {}): StoredInquiry => ({
  id,
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  subject: 'A visit',
  message: 'Could we visit on Monday?',
  sentAt: Date.UTC(2026, 10, 20, 9),
  handled: false,
  handledBy: null,
  ...overrides,
})

function staffWorld() {
  const backend = createFakeBackend()
  backend.auth.startSignedInAs(STAFF)
  backend.centre.children = [
    storedKid('kidnew00000000000001', { kidName: 'Zoë Bell', plan: 'Daily', savedAt: 3, disability: true }),
    storedKid('kidold00000000000002', { kidName: 'Amara Obi', plan: 'Weekly', savedAt: 1 }),
  ]
  backend.centre.inquiries = [
    inquiry('i2', { name: 'Bola', subject: 'Prices' }),
    inquiry('i1', { handled: true }),
  ]
  return backend
}

describe('/centre: who gets in', () => {
  it('sends a visitor to sign in first', async () => {
    const backend = createFakeBackend()
    const { router } = renderRoute('/centre', { backend })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/centre' })
  })

  it('tells a parent the area is for staff and shows no data', async () => {
    const backend = staffWorld()
    backend.centre.access = 'not-staff'
    renderRoute('/centre', { backend })
    expect(await screen.findByText("This area is for Sunbeam's staff.")).toBeInTheDocument()
    expect(screen.queryByText('Zoë Bell')).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Centre' })).not.toBeInTheDocument()
  })

  it('gives a parent no inquiries either', async () => {
    const backend = staffWorld()
    backend.centre.access = 'not-staff'
    renderRoute('/centre/inquiries', { backend })
    expect(await screen.findByText("This area is for Sunbeam's staff.")).toBeInTheDocument()
    expect(screen.queryByText('Could we visit on Monday?')).not.toBeInTheDocument()
  })
})

describe('/centre: registrations', () => {
  it('lists every child newest first with what the centre needs, and the unhandled count', async () => {
    renderRoute('/centre', { backend: staffWorld() })
    const cards = await screen.findAllByRole('article')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Zoë Bell',
      'Amara Obi',
    ])
    const first = within(cards[0] as HTMLElement)
    expect(first.getByText('Daily')).toBeInTheDocument()
    expect(first.getByText('Yes')).toBeInTheDocument()
    expect(first.getByRole('link', { name: '+234 802 555 0101' })).toHaveAttribute(
      'href',
      'tel:+2348025550101',
    )
    expect(first.getByText('New')).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Centre' })
    expect(within(nav).getByRole('link', { name: /Inquiries.*1 not handled/ })).toBeInTheDocument()
  })

  it('filters by plan and state and searches by name', async () => {
    const user = userEvent.setup()
    const backend = staffWorld()
    renderRoute('/centre', { backend })
    await screen.findByText('2 of 2 registrations')
    // The plan is asked of the server: a list of that plan alone.
    await user.selectOptions(screen.getByLabelText('Plan'), 'Weekly')
    expect(await screen.findByText('1 of 1 registration')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Zoë Bell' })).not.toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Plan'), 'all')
    await screen.findByText('2 of 2 registrations')
    await user.type(screen.getByLabelText('Search by name'), 'zoe')
    expect(screen.getByRole('heading', { name: 'Zoë Bell' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Amara Obi' })).not.toBeInTheDocument()
    await user.clear(screen.getByLabelText('Search by name'))
    await user.selectOptions(screen.getByLabelText('State'), 'confirmed')
    expect(screen.getByText('0 of 2 registrations')).toBeInTheDocument()
  })

  it('confirms a place from a start date (not without one) and waitlists', async () => {
    const user = userEvent.setup()
    const backend = staffWorld()
    renderRoute('/centre', { backend })
    const card = within(
      (await screen.findByRole('heading', { name: 'Amara Obi' })).closest('article') as HTMLElement,
    )
    // No date field until staff choose to confirm: then the date, focused.
    expect(card.queryByLabelText('Start date')).not.toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    expect(card.getByLabelText('Start date')).toHaveFocus()
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    expect(card.getByRole('alert')).toHaveTextContent('Choose a start date first')
    expect(backend.centre.writes).toEqual([])
    await user.type(card.getByLabelText('Start date'), '2027-01-04')
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    expect(await card.findByText('Confirmed from 4 January 2027')).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Waitlist Amara Obi' }))
    expect(await card.findByText(/^Waiting list since /)).toBeInTheDocument()
    expect(backend.centre.writes).toEqual([
      'decide kidold00000000000002 confirmed',
      'decide kidold00000000000002 waitlisted',
    ])
  })

  it('offers a place (reply by 7 days from today by default) and declines with a reason', async () => {
    const user = userEvent.setup()
    const backend = staffWorld()
    renderRoute('/centre', { backend })
    const card = within(
      (await screen.findByRole('heading', { name: 'Amara Obi' })).closest('article') as HTMLElement,
    )
    await user.click(card.getByRole('button', { name: 'Offer place for Amara Obi' }))
    expect(card.getByLabelText('Reply by')).toHaveValue(addDays(centreToday(), 7))
    await user.type(card.getByLabelText('Start date'), '2027-02-01')
    await user.click(card.getByRole('button', { name: 'Offer place for Amara Obi' }))
    expect(await card.findByText(/^Offered from 1 February 2027, reply by /)).toBeInTheDocument()
    const offer = backend.centre.registrations.get('kidold00000000000002')
    expect(offer).toMatchObject({
      state: 'offered',
      startDate: '2027-02-01',
      replyBy: addDays(centreToday(), 7),
    })
    expect(offer?.offerId).toMatch(/^[A-Za-z0-9]{20}$/)
    await user.click(card.getByRole('button', { name: 'Decline for Amara Obi' }))
    await user.click(card.getByRole('button', { name: 'Decline for Amara Obi' }))
    expect(card.getByRole('alert')).toHaveTextContent('Write the reason the family will read')
    await user.type(card.getByLabelText('Reason the family will read'), 'We have no baby places this year.')
    await user.click(card.getByRole('button', { name: 'Decline for Amara Obi' }))
    expect(await card.findByText('Declined by the centre')).toBeInTheDocument()
    expect(backend.centre.registrations.get('kidold00000000000002')).toMatchObject({
      state: 'declined',
      reason: 'We have no baby places this year.',
    })
  })

  it('works by keyboard: search, a start date, Confirm place with Enter, Waitlist with Space', async () => {
    const user = userEvent.setup()
    const backend = staffWorld()
    renderRoute('/centre', { backend })
    await screen.findByRole('heading', { name: 'Amara Obi' })
    screen.getByLabelText('Search by name').focus()
    await user.keyboard('amara')
    expect(screen.queryByRole('heading', { name: 'Zoë Bell' })).not.toBeInTheDocument()
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName('+234 802 555 0101')
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName('Show photo of Amara Obi')
    await user.tab()
    // One stop for 'Offer place' and one for 'Confirm place', which ask for dates only when pressed.
    expect(document.activeElement).toHaveAccessibleName('Offer place for Amara Obi')
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName('Confirm place for Amara Obi')
    await user.keyboard('{Enter}')
    expect(document.activeElement).toBe(screen.getByLabelText('Start date'))
    await user.keyboard('2027-01-04')
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName('Confirm place for Amara Obi')
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Confirmed from 4 January 2027')).toBeInTheDocument()
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName('Waitlist Amara Obi')
    await user.keyboard(' ')
    const card = within(screen.getByRole('article'))
    expect(await card.findByText(/^Waiting list since /)).toBeInTheDocument()
    expect(backend.centre.writes).toEqual([
      'decide kidold00000000000002 confirmed',
      'decide kidold00000000000002 waitlisted',
    ])
  })

  it('shows a photo only on request', async () => {
    const user = userEvent.setup()
    const backend = staffWorld()
    const path = backend.centre.children[0]?.imgUrls[0] ?? ''
    backend.photos.objects.set(path, { data: new ArrayBuffer(8), type: 'image/jpeg' })
    URL.createObjectURL = vi.fn(() => 'blob:test/photo')
    URL.revokeObjectURL = vi.fn()
    renderRoute('/centre', { backend })
    await screen.findByRole('heading', { name: 'Zoë Bell' })
    expect(screen.queryByRole('img', { name: 'Zoë Bell' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show photo of Zoë Bell' }))
    expect(await screen.findByRole('img', { name: 'Zoë Bell' })).toHaveAttribute('src', 'blob:test/photo')
  })
})

describe('/centre/inquiries', () => {
  it('lists inquiries newest first; Mark handled and unhandled are stored; offline they wait', async () => {
    const user = userEvent.setup()
    const backend = staffWorld()
    renderRoute('/centre/inquiries', { backend })
    expect(await screen.findByText('2 inquiries, 1 not handled')).toBeInTheDocument()
    const [newest] = screen.getAllByRole('article')
    const card = within(newest as HTMLElement)
    expect(card.getByRole('heading', { name: 'Prices' })).toBeInTheDocument()
    expect(card.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    )
    backend.centre.offline = true
    await user.click(card.getByRole('button', { name: /^Mark handled/ }))
    expect(await screen.findByText('2 inquiries, 0 not handled')).toBeInTheDocument()
    expect(card.getByText('Waiting to be sent')).toBeInTheDocument()
    expect(screen.getByText('Inquiry from Bola marked handled.')).toBeInTheDocument()
    backend.centre.goOnline()
    await waitFor(() => expect(card.queryByText('Waiting to be sent')).not.toBeInTheDocument())
    await user.click(card.getByRole('button', { name: /^Mark unhandled/ }))
    expect(await screen.findByText('2 inquiries, 1 not handled')).toBeInTheDocument()
    expect(backend.centre.writes).toEqual(['mark i2 true', 'mark i2 false'])
  })
})

describe('/centre: lists of any size, 50 at a time', () => {
  function bigWorld() {
    const backend = staffWorld()
    backend.centre.children = Array.from({ length: 55 }, (_, n) =>
      storedKid(`kid${String(n).padStart(17, '0')}`, { kidName: `Child ${n}`, savedAt: 1_000 - n }),
    )
    backend.centre.inquiries = Array.from({ length: 70 }, (_, n) =>
      inquiry(`inq${n}`, { subject: `Subject ${n}`, handled: n % 2 === 1 }),
    )
    return backend
  }

  it("shows the newest 50 children, 'Show more' adds 50, and says how many the server has", async () => {
    const user = userEvent.setup()
    renderRoute('/centre', { backend: bigWorld() })
    expect(await screen.findByText('50 of 50 registrations, the newest 50 of 55 loaded')).toBeInTheDocument()
    // The first screenful is drawn first, the rest in the frames after (first-screenful.ts).
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(50))
    expect(screen.queryByText('Child 50', { selector: 'h3' })).not.toBeInTheDocument()
    await user.click(await screen.findByText('Show more registrations'))
    expect(await screen.findByText('55 of 55 registrations')).toBeInTheDocument()
    expect(document.querySelectorAll('article')).toHaveLength(55)
    expect(screen.getByText('Child 54', { selector: 'h3' })).toBeInTheDocument()
    expect(screen.queryByText('Show more registrations')).not.toBeInTheDocument()
  })

  it("counts every unhandled inquiry (the server's count), shows 50, and more on request", async () => {
    const user = userEvent.setup()
    renderRoute('/centre/inquiries', { backend: bigWorld() })
    expect(await screen.findByText('70 inquiries, 35 not handled (the newest 50 shown)')).toBeInTheDocument()
    const nav = screen.getByRole('navigation', { name: 'Centre' })
    expect(within(nav).getByRole('link', { name: /Inquiries.*35 not handled/ })).toBeInTheDocument()
    await waitFor(() => expect(document.querySelectorAll('article')).toHaveLength(50))
    await user.click(await screen.findByText('Show more inquiries'))
    expect(await screen.findByText('70 inquiries, 35 not handled')).toBeInTheDocument()
    expect(document.querySelectorAll('article')).toHaveLength(70)
  })
})

describe('/centre: papercuts of the staff walk (issue 38)', () => {
  it('refuses a start date before today, and offers none in the date picker', async () => {
    const user = userEvent.setup()
    const backend = staffWorld()
    renderRoute('/centre', { backend })
    const card = within(
      (await screen.findByRole('heading', { name: 'Amara Obi' })).closest('article') as HTMLElement,
    )
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    const date = card.getByLabelText('Start date')
    expect(date).toHaveAttribute('min', centreToday())
    await user.type(date, '2020-01-06')
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    expect(card.getByRole('alert')).toHaveTextContent('Choose a start date from today on')
    expect(backend.centre.writes).toEqual([])
    // Control: today is accepted.
    await user.clear(date)
    await user.type(date, centreToday())
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    expect(backend.centre.writes).toEqual(['decide kidold00000000000002 confirmed'])
  })

  it('Escape or Cancel puts the date away and focus back on Confirm place; one stop per decision', async () => {
    const user = userEvent.setup()
    renderRoute('/centre', { backend: staffWorld() })
    const card = within(
      (await screen.findByRole('heading', { name: 'Amara Obi' })).closest('article') as HTMLElement,
    )
    const confirm = card.getByRole('button', { name: 'Confirm place for Amara Obi' })
    expect(confirm).toHaveAttribute('aria-expanded', 'false')
    await user.click(confirm)
    expect(card.getByLabelText('Start date')).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(card.queryByLabelText('Start date')).not.toBeInTheDocument()
    expect(card.getByRole('button', { name: 'Confirm place for Amara Obi' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await user.click(card.getByRole('button', { name: 'Cancel confirming Amara Obi' }))
    expect(card.getByRole('button', { name: 'Confirm place for Amara Obi' })).toHaveFocus()
    // The decision's controls: Confirm place, then Waitlist, then Decline, and no field in between.
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName('Waitlist Amara Obi')
    await user.tab()
    expect(document.activeElement).toHaveAccessibleName('Decline for Amara Obi')
  })

  it("shows each parent's e-mail, so two parents of one name are told apart", async () => {
    const backend = staffWorld()
    backend.centre.children = [
      storedKid('kidnew00000000000001', { kidName: 'Zoë Bell', userRef: 'p1', parentName: 'Ngozi Obi' }),
      storedKid('kidold00000000000002', { kidName: 'Amara Obi', userRef: 'p2', parentName: 'Ngozi Obi' }),
    ]
    backend.centre.parentEmails.set('p1', 'ngozi.obi@example.com')
    backend.centre.parentEmails.set('p2', 'ngozi.o@mail.example')
    renderRoute('/centre', { backend })
    expect(await screen.findByRole('link', { name: 'ngozi.obi@example.com' })).toHaveAttribute(
      'href',
      'mailto:ngozi.obi@example.com',
    )
    expect(screen.getByRole('link', { name: 'ngozi.o@mail.example' })).toBeInTheDocument()
  })

  it("has the staff's footer, not the marketing one, and no install offer", async () => {
    renderRoute('/centre', { backend: staffWorld() })
    await screen.findByRole('heading', { name: 'Amara Obi' })
    const footer = screen.getByRole('contentinfo')
    expect(footer).toHaveTextContent("These are children's personal records")
    expect(within(footer).getByRole('link', { name: "Sunbeam's public site" })).toHaveAttribute('href', '/')
    expect(screen.queryByText('Quick Links')).not.toBeInTheDocument()
  })
})

describe("/centre: 'Changed after your decision'", () => {
  it('shows what the parent changed after a decision; confirming again takes the new record', async () => {
    const user = userEvent.setup()
    const backend = staffWorld()
    renderRoute('/centre', { backend })
    const card = within(
      (await screen.findByRole('heading', { name: 'Amara Obi' })).closest('article') as HTMLElement,
    )
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    await user.type(card.getByLabelText('Start date'), '2027-01-04')
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    await card.findByText('Confirmed from 4 January 2027')
    expect(card.queryByText(/Changed after your decision/)).not.toBeInTheDocument()
    // The parent edits the child: a new save, two fields changed.
    const [newest, amara] = backend.centre.children
    backend.centre.children = [
      newest as StoredKid,
      { ...(amara as StoredKid), kidAge: '5', address: '3 New Road\nUyo', savedAt: 10 },
    ]
    backend.centre.changed()
    const note = await card.findByText(/Changed after your decision on/)
    expect(note.closest('p')).toHaveTextContent(
      `Changed after your decision on ${formatDay(backend.centre.registrations.get('kidold00000000000002')?.decidedAt ?? null)}: Child Age, Address.`,
    )
    // Confirming again: the start date decided before is offered as it was.
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    expect(card.getByLabelText('Start date')).toHaveValue('2027-01-04')
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    await waitFor(() => expect(card.queryByText(/Changed after your decision/)).not.toBeInTheDocument())
    expect(backend.centre.registrations.get('kidold00000000000002')?.decidedOn?.savedAt).toBe(10)
  })
})

describe('/centre/inquiries: Delete', () => {
  it("asks in the site's own dialog; Cancel keeps it, Delete removes it", async () => {
    const user = userEvent.setup()
    const backend = staffWorld()
    renderRoute('/centre/inquiries', { backend })
    await user.click(await screen.findByRole('button', { name: 'Delete inquiry from Bola Lovelace' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the inquiry from Bola?' })
    expect(dialog).toHaveTextContent('“Prices” is removed for every member of staff.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(backend.centre.writes).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Delete inquiry from Bola Lovelace' }))
    await user.click(screen.getByRole('button', { name: 'Delete inquiry' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Prices' })).not.toBeInTheDocument())
    expect(backend.centre.writes).toEqual(['delete i2'])
    expect(screen.getByText('Inquiry from Bola deleted.')).toBeInTheDocument()
    expect(await screen.findByText('1 inquiry, 0 not handled')).toBeInTheDocument()
  })

  it('tells handled and unhandled apart by more than colour', async () => {
    renderRoute('/centre/inquiries', { backend: staffWorld() })
    const [open, done] = await screen.findAllByRole('article')
    expect(within(open as HTMLElement).getByText('Not handled')).toHaveClass('centre-badge--open')
    expect(within(done as HTMLElement).getByText('Handled')).toHaveClass('centre-badge--done')
    expect(open).toHaveTextContent('● Not handled')
    expect(done).toHaveTextContent('✓ Handled')
  })
})

describe("the parent's side", () => {
  const world = useKidsWorld()

  it("shows the centre's decision on the card, live", async () => {
    const kid = storedKid('kidaaa00000000000001', { kidName: 'Amara Obi' })
    seedKid(world(), kid)
    world.render('/profile')
    const link = await screen.findByRole('link', { name: /^Amara Obi/ })
    expect(link).not.toHaveTextContent('Place confirmed')
    world().backend.centre.decide(kid.id, { state: 'confirmed', startDate: '2027-01-04' })
    await waitFor(() => expect(link).toHaveTextContent('Place confirmed from 4 January 2027'))
    world().backend.centre.decide(kid.id, {
      state: 'waitlisted',
      startDate: null,
      waitingSince: '2026-11-27',
    })
    await waitFor(() => expect(link).toHaveTextContent('On the waiting list'))
  })
})
