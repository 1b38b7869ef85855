// A staff list page (registrations, inquiries) on the fake centre: the store the page reads, stopped
// after each test, and the cards' headings in the order drawn.
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach } from 'vitest'
import { type CentreStore, createCentreStore } from '#centre/centre-store'
import { createFakeCentre, type FakeCentreServer } from '#testing/backend/fake-centre-ports'

/** The cards' headings (level 3) in the list, in the order drawn. */
export const cardHeadings = () =>
  within(screen.getByRole('list'))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)

/** Makes a store on the fake centre for each test that asks, and stops it after the test. */
export function staffStores(): (server: FakeCentreServer, first?: 'children' | 'inquiries') => CentreStore {
  let store: CentreStore | null = null
  afterEach(async () => {
    cleanup()
    await store?.stop()
    store = null
  })
  return (server, first = 'children') => {
    store = createCentreStore(createFakeCentre(server), first)
    return store
  }
}
