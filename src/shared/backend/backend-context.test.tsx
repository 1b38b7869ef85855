import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeBackend } from '#testing/backend/fake-backend'
import { BackendProvider, useBackend } from './backend-context'

function Uid() {
  const backend = useBackend()
  return <p>{backend.auth.rememberedUser()?.uid ?? 'nobody'}</p>
}

describe('useBackend()', () => {
  it('gives the backend of the area around the screen', () => {
    const backend = createFakeBackend()
    backend.auth.startSignedInAs({ uid: 'parent-1', email: 'p@example.com', displayName: 'P' })
    render(
      <BackendProvider backend={backend}>
        <Uid />
      </BackendProvider>,
    )
    expect(screen.getByText('parent-1')).toBeInTheDocument()
  })

  it('says where it may be used when no area provides a backend', () => {
    // React reports the thrown error on the console as well.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Uid />)).toThrow(/inside an area that provides it/)
  })
})
