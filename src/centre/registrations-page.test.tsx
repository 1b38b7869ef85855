// Staff's cards stay where they are while staff look at them (decision 0094): a parent's save moved a
// card to the top of the list, and a press that had started on one card's button ended on another's.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { defaultKidFields, type StoredKid } from '#shared/records/kid-record'
import { FakeCentreServer } from '#testing/backend/fake-centre-ports'
import { cardHeadings as names, staffStores } from '#testing/screens/staff-list'
import { RegistrationsPage } from './registrations-page'

const child = (n: number, savedAt: number, fields: Partial<StoredKid> = {}): StoredKid => ({
  ...defaultKidFields(),
  kidName: `Child ${n}`,
  id: `kid0000000000000000${n}`,
  imgUrls: [],
  userRef: `parent-${n}`,
  savedAt,
  ...fields,
})

/** The server's order: newest save first, as Firestore's query gives it. */
function save(server: FakeCentreServer, kid: StoredKid) {
  server.children = [kid, ...server.children.filter((other) => other.id !== kid.id)].sort(
    (a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0),
  )
  server.changed()
}

const storeOn = staffStores()

async function open(server: FakeCentreServer) {
  render(<RegistrationsPage store={storeOn(server)} downloadPhoto={async () => new Blob()} />)
  await screen.findAllByRole('heading', { level: 3 })
}

describe("staff's registrations list", () => {
  it('keeps a card in place when its parent saves it again, and shows the change on it', async () => {
    const server = new FakeCentreServer()
    server.children = [child(3, 30), child(2, 20), child(1, 10)]
    await open(server)
    expect(names()).toEqual(['Child 3', 'Child 2', 'Child 1'])

    await act(async () => save(server, child(1, 40, { parentPhone: '08039999999' })))
    expect(server.children.map((kid) => kid.kidName)).toEqual(['Child 1', 'Child 3', 'Child 2'])
    expect(names()).toEqual(['Child 3', 'Child 2', 'Child 1'])
    expect(screen.getByRole('link', { name: '08039999999' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Show \d+ new$/ })).toBeNull()
  })

  it('holds a new child, and one saved from beyond the pages loaded, until staff ask for them', async () => {
    const server = new FakeCentreServer()
    server.children = [child(2, 20), child(1, 10)]
    await open(server)
    expect(screen.getByText('2 of 2 registrations')).toBeInTheDocument()

    await act(async () => save(server, child(4, 50)))
    await act(async () => save(server, child(1, 60)))
    expect(names()).toEqual(['Child 2', 'Child 1'])
    // Counted among those loaded only once shown.
    expect(screen.getByText('2 of 2 registrations')).toBeInTheDocument()
    const show = screen.getByRole('button', { name: 'Show 1 new' })

    fireEvent.click(show)
    expect(names()).toEqual(['Child 1', 'Child 4', 'Child 2'])
    expect(screen.getByText('3 of 3 registrations')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Show \d+ new$/ })).toBeNull()
  })

  it("places the children of 'Show more' by their save, below those shown", async () => {
    const server = new FakeCentreServer()
    // Pages of 2, not the server's 50: 51 cards took over 15 s to draw in jsdom with one core busy.
    server.pageSize = 2
    server.children = [child(3, 3), child(2, 2), child(1, 1)]
    await open(server)
    expect(names()).toEqual(['Child 3', 'Child 2'])
    await act(async () => save(server, child(3, 100)))
    fireEvent.click(screen.getByRole('button', { name: 'Show more registrations' }))
    expect(names()).toEqual(['Child 3', 'Child 2', 'Child 1'])
    expect(screen.queryByRole('button', { name: /^Show \d+ new$/ })).toBeNull()
  })

  it('follows the list as it comes while only the cache has answered', async () => {
    const server = new FakeCentreServer()
    server.offline = true
    server.children = [child(2, 20), child(1, 10)]
    await open(server)
    await act(async () => save(server, child(3, 30)))
    expect(names()).toEqual(['Child 3', 'Child 2', 'Child 1'])
  })

  it('starts again in the order of the save for another plan', async () => {
    const server = new FakeCentreServer()
    server.children = [child(2, 20, { plan: 'Weekly' }), child(1, 10, { plan: 'Weekly' })]
    await open(server)
    await act(async () => save(server, child(1, 40, { plan: 'Weekly' })))
    expect(names()).toEqual(['Child 2', 'Child 1'])
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'Weekly' } })
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(2)
    expect(names()).toEqual(['Child 1', 'Child 2'])
  })
})
