// The enrolment file's page as the parent sees a save go through the outbox (decisions 0050, 0068):
// a save the server refuses for good is kept and the page says why; OK forgets it; a later save goes.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { BackendError } from '#shared/backend/kids-ports'
import { seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'

describe('the enrolment file, saved through the outbox', () => {
  const world = useKidsWorld()

  it('a refused save says why until OK; the next save reaches the server', async () => {
    const user = userEvent.setup()
    const kid = storedKid('kidaaa00000000000001', { kidName: 'Amara Obi' })
    seedKid(world(), kid)
    world().backend.centre.decide(kid.id, { state: 'confirmed', startDate: '2027-02-01' })
    const { registrations } = world().backend
    // The place changed on the server while this device did not know: the rules refuse the file once.
    vi.spyOn(registrations, 'saveEnrolment').mockRejectedValueOnce(
      new BackendError('permission-denied', { permanent: true, code: 'permission-denied' }),
    )
    world.render(`/kid/${kid.id}/enrolment`)
    await user.type(await screen.findByLabelText('Allergies'), 'none')
    await user.click(screen.getByRole('button', { name: 'Save the file' }))
    const refused = await screen.findByRole('alert')
    expect(refused).toHaveTextContent('The centre could not take this file.')
    expect(world().backend.centre.enrolments.size).toBe(0)
    // Nothing left to send: a refused file is not counted, as before.
    expect(await world().runtime.unsentCount(kid.userRef)).toBe(0)

    await user.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(await world().runtime.enrolments.rowOf(kid.id)).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Save the file' }))
    await waitFor(() =>
      expect(world().backend.centre.enrolments.get(kid.id)).toMatchObject({ allergies: 'none' }),
    )
    await waitFor(() =>
      expect(
        screen.queryByText('Your last save is kept on this device and will be sent when you are online.'),
      ).toBeNull(),
    )
  })
})
