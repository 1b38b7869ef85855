// The edit screen against fake ports and a real outbox: pre-filled, photos kept, added and removed,
// the same checks as adding, and the children it must refuse.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { birthMonthFor } from '#shared/records/kid-age'
import { notify } from '#shared/ui/notify'
import { transientError } from '#testing/backend/fake-kids-ports'
import { errorOf, pickPhotos } from '#testing/kids/kid-form-steps'
import { PARENT, pngFile, seedKid, storedKid, useKidsWorld } from '#testing/kids/kids-world'

vi.mock('#shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#shared/ui/notify')>()),
  notify: vi.fn(() => Promise.resolve()),
}))
// jsdom cannot decode or draw pictures: the photos go into the outbox as picked.
vi.mock('./photo-prep', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./photo-prep')>()
  const { preparePhotosAsPicked } = await import('#testing/kids/photos-as-picked')
  return { ...actual, preparePhotos: vi.fn(preparePhotosAsPicked) }
})
// Typing into a dozen fields through a real router and IndexedDB takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 })

const world = useKidsWorld()

beforeEach(() => {
  vi.mocked(notify).mockClear()
})

describe('/edit-kid/{kidId}', () => {
  it('the saved photos: another cover and one removed; the removed one is deleted once saved', async () => {
    const kid = storedKid('kid1')
    seedKid(world(), kid)
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/edit-kid/kid1')
    const chosen = await screen.findByRole('list', { name: 'Chosen photos' })
    await waitFor(() => expect(within(chosen).getAllByRole('img')).toHaveLength(2))
    await user.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }))
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }))
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    await waitFor(() => expect(world().kids.records.get('kid1')?.imgUrls).toEqual([kid.imgUrls[1]]))
    await waitFor(() => expect(world().storage.deleted).toEqual([kid.imgUrls[0]]))
    expect(world().storage.uploads).toEqual([]) // nothing uploaded again
  })

  it("is pre-filled; saving without new photos keeps them: 'Child edited' and /profile", async () => {
    const kid = storedKid('kid1', { disability: true, kidGender: 'Female' })
    seedKid(world(), kid)
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/edit-kid/kid1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Your Child Info' })).toBeInTheDocument()
    expect(screen.getByLabelText('Child Name')).toHaveValue('Amara Obi')
    expect(screen.getByLabelText('Years')).toHaveValue(4)
    expect(screen.getByLabelText('Months')).toHaveValue(0)
    expect(screen.getByLabelText('Child Gender')).toHaveValue('Female')
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('Parent Name')).toHaveValue('Ngozi Obi')
    expect(screen.getByLabelText('Parent Age')).toHaveValue('34')
    expect(screen.getByLabelText('Parent Phone')).toHaveValue('+234 802 555 0101')
    expect(screen.getByLabelText('Address')).toHaveValue('12 Palm Close\nUyo')
    expect(screen.getByLabelText('Plan')).toHaveValue('Weekly')
    expect(screen.getByLabelText('Images')).not.toBeRequired()
    const current = screen.getByRole('list', { name: 'Chosen photos' })
    // Photos are private: shown from the device, through object URLs, never a storage address.
    await waitFor(() =>
      expect(
        within(current)
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual([expect.stringMatching(/^blob:/), expect.stringMatching(/^blob:/)]),
    )

    await user.clear(screen.getByLabelText('Years'))
    await user.type(screen.getByLabelText('Years'), '5')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    expect(notify).toHaveBeenCalledWith('success', 'Child edited')
    expect(world().kids.records.get('kid1')).toMatchObject({
      kidAge: '',
      kidBirthMonth: birthMonthFor(5, 0, new Date()),
      imgUrls: kid.imgUrls,
      disability: true,
    })
    expect(world().kids.saves).toHaveLength(1)
    expect(world().storage.deleted).toEqual([])
  })

  it('an older record’s free-text age is kept as written unless years and months replace it', async () => {
    // Saved before ages had their own boxes: '18 months' is neither years nor a number of them.
    seedKid(world(), storedKid('kid1', { kidAge: '18 months', kidBirthMonth: '' }))
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/edit-kid/kid1')
    const years = await screen.findByLabelText('Years')
    expect(years).toHaveValue(null)
    expect(years).not.toBeRequired()
    expect(years).toHaveAccessibleDescription('Saved as “18 months”. Enter years and months to replace it.')
    await user.clear(screen.getByLabelText('Parent Age'))
    await user.type(screen.getByLabelText('Parent Age'), '36')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    await waitFor(() => expect(world().kids.records.get('kid1')?.parentAge).toBe('36'))
    expect(world().kids.records.get('kid1')).toMatchObject({ kidAge: '18 months', kidBirthMonth: '' })

    history.push('/edit-kid/kid1')
    await user.type(await screen.findByLabelText('Months'), '19')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    // The form checks once its photos have settled, after the click has returned.
    await waitFor(() =>
      expect(errorOf('Months')).toBe('Child Age: enter whole years from 0 to 12 and months from 0 to 11'),
    )
    expect(screen.getByLabelText('Years')).toHaveFocus()
    await user.clear(screen.getByLabelText('Months'))
    await user.type(screen.getByLabelText('Years'), '1')
    await user.type(screen.getByLabelText('Months'), '7')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    await waitFor(() =>
      expect(world().kids.records.get('kid1')).toMatchObject({
        kidAge: '',
        kidBirthMonth: birthMonthFor(1, 7, new Date()),
      }),
    )
  })

  it('new photos are added to the saved ones (3 of 6); the new one made the cover, a removed one deleted once saved', async () => {
    const kid = storedKid('kid1')
    seedKid(world(), kid)
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/edit-kid/kid1')
    await screen.findByRole('heading', { name: 'Edit Your Child Info' })
    expect(screen.getByText(/Your saved photos stay and new ones are added to them/)).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Images'), [pngFile('new.png')])
    const chosen = screen.getByRole('list', { name: 'Chosen photos' })
    await waitFor(() => expect(within(chosen).getAllByRole('img')).toHaveLength(3))
    expect(screen.getByText('3 of 6')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }))
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    await waitFor(() => expect(world().kids.records.get('kid1')?.imgUrls).toHaveLength(3))
    const imgUrls = world().kids.records.get('kid1')?.imgUrls ?? []
    expect(imgUrls[0]).toContain('new.png')
    expect(imgUrls.slice(1)).toEqual(kid.imgUrls)
    expect(world().storage.deleted).toEqual([])

    // Again: the first saved photo removed. It is deleted from storage once the edit is saved.
    history.push('/edit-kid/kid1')
    const again = await screen.findByRole('list', { name: 'Chosen photos' })
    await waitFor(() => expect(within(again).getAllByRole('img')).toHaveLength(3))
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }))
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(world().kids.records.get('kid1')?.imgUrls).toEqual([imgUrls[0], imgUrls[2]]))
    await waitFor(() => expect(world().storage.deleted).toEqual([kid.imgUrls[0]]))
    expect(world().storage.uploads).toHaveLength(1) // the new photo, once
  })

  it("checks the same rules: empty fields and 'Max 6 images'", async () => {
    seedKid(world(), storedKid('kid1'))
    const user = userEvent.setup({ delay: null })
    world.render('/edit-kid/kid1')
    await screen.findByRole('heading', { name: 'Edit Your Child Info' })
    await user.clear(screen.getByLabelText('Parent Phone'))
    await pickPhotos(
      user,
      Array.from({ length: 7 }, (_, i) => pngFile(`p${i}.png`)),
      2,
    )
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    // The form checks once its photos have settled, after the click has returned.
    await waitFor(() => expect(errorOf('Parent Phone')).toBe('Please fill in Parent Phone'))
    expect(errorOf('Images')).toBe('Max 6 images')
    expect(notify).toHaveBeenCalledWith('error', 'Max 6 images')
    expect(world().kids.saves).toEqual([])
  })

  it('a gender and plan the form does not offer are shown as saved and saved back unchanged', async () => {
    seedKid(world(), storedKid('kid1', { kidGender: 'Non-binary', plan: 'Yearly' }))
    const user = userEvent.setup({ delay: null })
    const { history } = world.render('/edit-kid/kid1')
    const gender = await screen.findByLabelText('Child Gender')
    expect(gender).toHaveValue('Non-binary')
    expect(
      within(gender)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Male', 'Female', 'Non-binary (as saved)'])
    expect(screen.getByLabelText('Plan')).toHaveValue('Yearly')
    expect(screen.getByRole('option', { name: 'Yearly (as saved)' })).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Years'))
    await user.type(screen.getByLabelText('Years'), '5')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    await waitFor(() =>
      expect(world().kids.records.get('kid1')?.kidBirthMonth).toBe(birthMonthFor(5, 0, new Date())),
    )
    expect(world().kids.records.get('kid1')).toMatchObject({ kidGender: 'Non-binary', plan: 'Yearly' })

    // The parent picks another: that one is saved; the stored one stays offered until then.
    history.push('/edit-kid/kid1')
    await user.selectOptions(await screen.findByLabelText('Plan'), 'Daily')
    await user.selectOptions(screen.getByLabelText('Child Gender'), 'Female')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() =>
      expect(world().kids.records.get('kid1')).toMatchObject({ kidGender: 'Female', plan: 'Daily' }),
    )
  })

  it('a record with no gender or plan at all asks the parent to choose one', async () => {
    seedKid(world(), storedKid('kid1', { kidGender: '', plan: '' }))
    const user = userEvent.setup({ delay: null })
    world.render('/edit-kid/kid1')
    const gender = await screen.findByLabelText('Child Gender')
    expect(gender).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    // The form checks once its photos have settled, after the click has returned.
    await waitFor(() => expect(errorOf('Child Gender')).toBe('Choose Male or Female'))
    expect(errorOf('Plan')).toBe('Choose Monthly, Weekly or Daily')
    expect(gender).toHaveFocus()
    expect(world().kids.saves).toEqual([])
  })

  it('text stored over its limit (the console) is shown whole, and saving says the limit', async () => {
    seedKid(world(), storedKid('kid1', { kidName: 'A'.repeat(81), address: 'x'.repeat(301) }))
    const user = userEvent.setup({ delay: null })
    world.render('/edit-kid/kid1')
    const name = await screen.findByLabelText('Child Name')
    expect(name).toHaveValue('A'.repeat(81))
    // Shortening is always taken; lengthening past the limit is not.
    await user.type(name, 'B')
    expect(name).toHaveValue('A'.repeat(81))
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    // The form checks once its photos have settled, after the click has returned.
    await waitFor(() => expect(errorOf('Child Name')).toBe('Child Name must be at most 80 characters'))
    expect(errorOf('Address')).toBe('Address must be at most 300 characters')
    expect(name).toHaveFocus()
    await user.type(name, '{Backspace}')
    expect(name).toHaveValue('A'.repeat(80))
    expect(world().kids.saves).toEqual([])
  })

  it("another parent's child: 'You can not edit that child' and home", async () => {
    seedKid(world(), storedKid('kid2', { userRef: 'someone-else' }))
    const { history } = world.render('/edit-kid/kid2')
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(notify).toHaveBeenCalledWith('error', 'You can not edit that child')
    expect(screen.queryByLabelText('Child Name')).not.toBeInTheDocument()
  })

  it("another parent's child the rules refuse to read: 'You can not edit that child' and home", async () => {
    world().kids.readerId = PARENT.uid
    seedKid(world(), storedKid('kid3', { userRef: 'someone-else' }))
    const { history } = world.render('/edit-kid/kid3')
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(notify).toHaveBeenCalledWith('error', 'You can not edit that child')
    expect(screen.queryByLabelText('Child Name')).not.toBeInTheDocument()
  })

  it("a child that does not exist: 'Child does not exist' and home", async () => {
    const read = world().kids.holdReads()
    const { history } = world.render('/edit-kid/nope')
    expect(await within(await screen.findByRole('main')).findByText('Loading child…')).toBeInTheDocument()
    read.release()
    await waitFor(() => expect(history.location.pathname).toBe('/'))
    expect(notify).toHaveBeenCalledWith('error', 'Child does not exist')
  })

  it('editing a child still waiting in the outbox updates its queued submission', async () => {
    world().storage.uploadFailures.push(transientError())
    const id = await world().runtime.outbox.add({
      userId: PARENT.uid,
      kidId: 'queued1',
      fields: storedKid('queued1'),
      photos: [{ name: 'q.png', type: 'image/png', data: new ArrayBuffer(20) }],
    })
    world().runtime.sender.kick()
    await world().runtime.sender.settled()
    const user = userEvent.setup({ delay: null })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { history } = world.render('/edit-kid/queued1')
    expect(await screen.findByLabelText('Child Name')).toHaveValue('Amara Obi')
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Chosen photos' })).getByRole('img')).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    )
    await user.clear(screen.getByLabelText('Child Name'))
    await user.type(screen.getByLabelText('Child Name'), 'Amara Grace')
    await user.click(screen.getByRole('button', { name: 'Edit Child' }))
    await waitFor(() => expect(history.location.pathname).toBe('/profile'))
    expect(notify).toHaveBeenCalledWith('success', 'Child edited', {
      description: 'It will upload by itself when you are back online.',
    })
    const entries = await world().runtime.outbox.list(PARENT.uid)
    expect(entries.map((entry) => entry.id)).toEqual([id])
    expect(entries[0]?.fields?.kidName).toBe('Amara Grace')
    expect(entries[0]?.photos).toHaveLength(1)
  })
})
