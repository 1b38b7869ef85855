import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ChildPhoto } from './child-photo'

describe('ChildPhoto', () => {
  it("'Show photo' by keyboard: focus moves to the photo that replaces the button, not to the page", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:photo')
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined)
    let answer: (blob: Blob) => void = () => undefined
    const download = vi.fn(() => new Promise<Blob>((resolve) => (answer = resolve)))
    const user = userEvent.setup()
    render(<ChildPhoto photo="images/u1/a.jpg-ABCDEFGHIJKLMNOPQRST" name="Amara Obi" download={download} />)
    screen.getByRole('button', { name: 'Show photo of Amara Obi' }).focus()
    await user.keyboard('{Enter}')
    const slot = screen.getByText('Loading photo…').parentElement
    expect(slot).toHaveFocus()
    answer(new Blob(['x'], { type: 'image/jpeg' }))
    const img = await screen.findByRole('img', { name: 'Amara Obi' })
    expect(img.parentElement).toHaveFocus()
    await waitFor(() => expect(download).toHaveBeenCalledWith('images/u1/a.jpg-ABCDEFGHIJKLMNOPQRST'))
  })
})
