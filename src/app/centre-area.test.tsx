// /centre through the app's real router and guard, on fake ports: who gets in, what staff see and do,
// and the parent's card following the centre's decision live. It lives in the app layer because it
// drives two features together (the centre's screens and the parent's kids).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderRoute } from '#app/testing/render-route'
import { seedKid, storedKid, useKidsWorld } from '#kids/testing/kids-world'
import type { AuthUser } from '#shared/backend/backend-ports'
import { createFakeBackend } from '#shared/backend/testing/fake-backend'
import type { StoredInquiry } from '#shared/records/inquiry-record'

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
    await user.selectOptions(screen.getByLabelText('Plan'), 'Weekly')
    expect(screen.getByText('1 of 2 registrations')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Zoë Bell' })).not.toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Plan'), 'all')
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
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    expect(card.getByRole('alert')).toHaveTextContent('Choose a start date first')
    expect(backend.centre.writes).toEqual([])
    await user.type(card.getByLabelText('Start date'), '2027-01-04')
    await user.click(card.getByRole('button', { name: 'Confirm place for Amara Obi' }))
    expect(await card.findByText('Confirmed from 4 January 2027')).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Waitlist Amara Obi' }))
    expect(await card.findByText('Waiting list')).toBeInTheDocument()
    expect(backend.centre.writes).toEqual([
      'decide kidold00000000000002 confirmed',
      'decide kidold00000000000002 waitlisted',
    ])
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
    expect(await card.findByText('Waiting list')).toBeInTheDocument()
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
    world().backend.centre.decide(kid.id, { state: 'waitlisted', startDate: null })
    await waitFor(() => expect(link).toHaveTextContent('On the waiting list'))
  })
})
