// The photo picker on its own, driven as the form drives it: the form holds the list, scales picked
// files down (here: taken as picked) and hands the result back.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PreparedPhoto } from '#parent/outbox/outbox-db'
import { WAIT } from '#testing/timeouts'
import { PhotoPicker, type PhotoPickerProps, type PickedPhoto } from './photo-picker'

// jsdom has no object URLs: each prepared photo gets a recognisable fake one, never reused (the picker
// releases them a moment after they leave, which may fall in the next test).
let urls = 0
const createObjectURL = vi.fn(() => `blob:photo-${++urls}`)
const revokeObjectURL = vi.fn()

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true })
  Object.defineProperty(URL, 'revokeObjectURL', { value: revokeObjectURL, configurable: true })
})

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL')
  Reflect.deleteProperty(URL, 'revokeObjectURL')
  createObjectURL.mockClear()
  revokeObjectURL.mockClear()
})

function prepared(name: string): PreparedPhoto {
  return { name, type: 'image/jpeg', data: new Uint8Array([1, 2, 3]).buffer }
}

function newPhoto(name: string): PickedPhoto {
  return { kind: 'new', key: `new-${name}`, photo: prepared(name) }
}

function currentPhoto(n: number, src: string | null = `https://example.test/kid-${n}.jpg`): PickedPhoto {
  return { kind: 'current', key: `current-${n}`, src, label: `Current photo ${n}` }
}

/** The picker inside a form field, its list held as the form holds it. */
function Field(props: Partial<PhotoPickerProps> & { readonly initial: readonly PickedPhoto[] }) {
  const { initial, ...rest } = props
  const [photos, setPhotos] = useState<readonly PickedPhoto[]>(initial)
  return (
    <div>
      <label htmlFor="images">Images</label>
      <p id="images-hint">The first image will be the cover, max 6</p>
      <PhotoPicker
        id="images"
        describedBy="images-hint"
        photos={photos}
        onChange={setPhotos}
        onPick={(files) => setPhotos((previous) => [...previous, ...files.map((f) => newPhoto(f.name))])}
        {...rest}
      />
    </div>
  )
}

function setup(initial: readonly PickedPhoto[], props: Partial<PhotoPickerProps> = {}) {
  const user = userEvent.setup()
  const view = render(<Field initial={initial} {...props} />)
  return { user, ...view }
}

/** The thumbnails' names, in order. */
function thumbnails(): string[] {
  const list = screen.queryByRole('list', { name: 'Chosen photos' })
  if (!list) return []
  return within(list)
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt') ?? '')
}

const liveRegion = () => document.querySelector('[aria-live="polite"]')

describe('PhotoPicker', () => {
  it('shows each photo as a thumbnail, the first marked as the cover', () => {
    setup([newPhoto('amara.jpg'), currentPhoto(2), newPhoto('park.jpg')])
    expect(thumbnails()).toEqual([
      'Photo 1, the cover: amara.jpg',
      'Photo 2: Current photo 2',
      'Photo 3: park.jpg',
    ])
    const items = within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Cover')
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /the cover/ })).toBeNull()
    expect(items[1]).not.toHaveTextContent(/^Cover/)
    // New photos are shown from their prepared bytes, saved ones from their address.
    const images = screen.getAllByRole('img')
    expect(images[0]).toHaveAttribute('src', expect.stringMatching(/^blob:photo-/))
    expect(images[1]).toHaveAttribute('src', 'https://example.test/kid-2.jpg')
    expect(createObjectURL).toHaveBeenCalledTimes(2)
  })

  it('shows a placeholder with the same name while a saved photo loads', () => {
    setup([currentPhoto(1, null)])
    expect(screen.getByRole('img', { name: 'Photo 1, the cover: Current photo 1' }).tagName).toBe('SPAN')
  })

  it("removes a photo with 'Remove photo N', releases its object URL and says so", async () => {
    const { user } = setup([newPhoto('a.jpg'), newPhoto('b.jpg'), newPhoto('c.jpg')])
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }))
    expect(thumbnails()).toEqual(['Photo 1, the cover: a.jpg', 'Photo 2: c.jpg'])
    // Released a moment later, once the <img> showing it is gone; the others stay.
    const [first, second, third] = createObjectURL.mock.results.map((result) => result.value as string)
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith(second), WAIT)
    expect(revokeObjectURL).not.toHaveBeenCalledWith(first)
    expect(revokeObjectURL).not.toHaveBeenCalledWith(third)
    expect(liveRegion()).toHaveTextContent('Photo 2 removed, 2 photos left.')
    expect(screen.getByText('2 of 6')).toBeInTheDocument()
  })

  it('releases every object URL when the picker goes away', async () => {
    const { unmount } = setup([newPhoto('a.jpg'), newPhoto('b.jpg')])
    unmount()
    const created = createObjectURL.mock.results.map((result) => result.value as string)
    await vi.waitFor(
      () => expect(revokeObjectURL.mock.calls.map(([url]) => url)).toEqual(expect.arrayContaining(created)),
      WAIT,
    )
  })

  it("moves a photo to the front with 'Make photo N the cover': the cover label moves with it", async () => {
    const { user } = setup([newPhoto('a.jpg'), newPhoto('b.jpg'), newPhoto('c.jpg')])
    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }))
    expect(thumbnails()).toEqual(['Photo 1, the cover: c.jpg', 'Photo 2: a.jpg', 'Photo 3: b.jpg'])
    expect(liveRegion()).toHaveTextContent('Photo 3 is now the cover')
    // Each photo but the cover offers to become it; reordering keeps the bytes (no new object URLs).
    expect(screen.getByRole('button', { name: 'Make photo 2 the cover' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Make photo 3 the cover' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Make photo 1 the cover' })).toBeNull()
    expect(createObjectURL).toHaveBeenCalledTimes(3)
  })

  it('works from the keyboard, and focus follows the photo or moves to its neighbour', async () => {
    const { user } = setup([newPhoto('a.jpg'), newPhoto('b.jpg'), newPhoto('c.jpg')])
    await user.tab()
    expect(screen.getByRole('button', { name: 'Remove photo 1' })).toHaveFocus()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Make photo 2 the cover' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(thumbnails()[0]).toBe('Photo 1, the cover: b.jpg')
    // Focus goes with the photo to the front, not onto a button a second Enter would press.
    expect(screen.getByRole('img', { name: 'Photo 1, the cover: b.jpg' }).parentElement).toHaveFocus()

    await user.tab()
    expect(screen.getByRole('button', { name: 'Remove photo 1' })).toHaveFocus()
    await user.keyboard(' ')
    expect(thumbnails()).toEqual(['Photo 1, the cover: a.jpg', 'Photo 2: c.jpg'])
    expect(liveRegion()).toHaveTextContent('Photo 1 removed, 2 photos left. The next photo is now the cover.')
    // The photo that took its place has focus.
    expect(screen.getByRole('img', { name: 'Photo 1, the cover: a.jpg' }).parentElement).toHaveFocus()

    // The last photo of the list: focus goes to the one before it; with none left, to the file input.
    screen.getByRole('button', { name: 'Remove photo 2' }).focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('img', { name: 'Photo 1, the cover: a.jpg' }).parentElement).toHaveFocus()
    screen.getByRole('button', { name: 'Remove photo 1' }).focus()
    await user.keyboard('{Enter}')
    expect(thumbnails()).toEqual([])
    expect(screen.getByLabelText(/Images/)).toHaveFocus()
    expect(liveRegion()).toHaveTextContent('Photo 1 removed, no photos left.')
  })

  it('has a labelled file input that passes picked files to onPick', async () => {
    const onPick = vi.fn()
    const { user } = setup([], { onPick, required: true })
    const input = screen.getByLabelText(/^Images/)
    expect(input).toHaveAttribute('type', 'file')
    expect(input).toHaveAttribute('accept', '.jpg,.png,.jpeg')
    expect(input).toHaveAttribute('multiple')
    expect(input).toHaveAccessibleName('Images Choose photos')
    expect(input).toHaveAccessibleDescription('The first image will be the cover, max 6')
    expect(input).toBeRequired()
    expect(input).toBeVisible()

    const files = ['a.png', 'b.jpg', 'c.jpeg'].map((name) => new File([new Uint8Array(4)], name))
    await user.upload(input as HTMLInputElement, files)
    expect(onPick).toHaveBeenCalledTimes(1)
    expect(onPick.mock.calls[0]?.[0].map((f: File) => f.name)).toEqual(['a.png', 'b.jpg', 'c.jpeg'])
    // Emptied again, so the same file can be picked a second time.
    expect((input as HTMLInputElement).value).toBe('')
  })

  it("passes on more files than fit (the form says 'Max 6 images'), and announces what the form adds", async () => {
    const { user } = setup([newPhoto('a.jpg')])
    expect(screen.getByText('Add photos')).toBeInTheDocument()
    const files = Array.from({ length: 6 }, (_, i) => new File([new Uint8Array(4)], `p${i}.jpg`))
    await user.upload(screen.getByLabelText(/^Images/) as HTMLInputElement, files)
    expect(thumbnails()).toHaveLength(7)
    expect(screen.getByText('7, more than 6')).toBeInTheDocument()
    expect(liveRegion()).toHaveTextContent('6 photos added, 7 photos in all.')
  })

  it('is no longer required once a photo is chosen, and marks an error for the form', () => {
    setup([newPhoto('a.jpg')], { required: true, invalid: true, describedBy: 'images-hint images-error' })
    const input = screen.getByLabelText(/^Images/)
    expect(input).not.toBeRequired()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAttribute('aria-describedby', 'images-hint images-error')
  })

  it("holds a tile for each photo still being prepared, and says 'Preparing photos…'", () => {
    const { rerender } = render(
      <PhotoPicker id="images" photos={[]} onChange={vi.fn()} onPick={vi.fn()} preparing={2} />,
    )
    expect(liveRegion()).toHaveTextContent('Preparing photos…')
    const list = screen.getByRole('list', { name: 'Chosen photos', hidden: true })
    expect(within(list).getAllByText('Preparing…')).toHaveLength(2)
    // Counted as chosen already, so the button and the count do not change when they arrive.
    expect(screen.getByText('Add photos')).toBeVisible()
    expect(screen.getByText('2 of 6')).toBeVisible()
    act(() => {
      rerender(
        <PhotoPicker
          id="images"
          photos={[newPhoto('a.jpg'), newPhoto('b.jpg')]}
          onChange={vi.fn()}
          onPick={vi.fn()}
        />,
      )
    })
    expect(screen.queryByText('Preparing…')).toBeNull()
    expect(screen.getAllByRole('img')).toHaveLength(2)
    expect(screen.getByText('2 of 6')).toBeVisible()
    expect(liveRegion()).toHaveTextContent('2 photos added, 2 photos in all.')
  })
})

describe('a saved photo still loading', () => {
  it('shows a spinner and says it loads, then the picture', () => {
    const props = { id: 'photos', onChange: () => {}, onPick: () => {} }
    const { rerender } = render(<PhotoPicker {...props} photos={[currentPhoto(1, null)]} />)
    const tile = screen.getByRole('img', { name: 'Photo 1, the cover: Current photo 1' })
    expect(tile).toHaveAttribute('aria-busy', 'true')
    expect(within(tile).getByText('Loading…')).toBeInTheDocument()
    rerender(<PhotoPicker {...props} photos={[currentPhoto(1)]} />)
    expect(screen.getByRole('img', { name: 'Photo 1, the cover: Current photo 1' })).toHaveAttribute(
      'src',
      'https://example.test/kid-1.jpg',
    )
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument()
  })
})
