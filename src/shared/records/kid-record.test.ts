import { describe, expect, it } from 'vitest'
import {
  buildKidRecord,
  checkPickedPhotos,
  checkUploadablePhoto,
  defaultKidFields,
  formatPlan,
  formatYears,
  kidRecordProblems,
  newRandomId,
  normalizeKidFields,
  parseStoredKid,
  photoStoragePath,
  validateKidFields,
} from './kid-record'

const filled = {
  ...defaultKidFields(),
  kidName: 'Amara',
  kidAge: '4',
  parentName: 'Ngozi',
  parentAge: '34',
  parentPhone: '0802',
  address: 'Uyo',
}

describe('the child schema', () => {
  it('defaults to Male, no disability and the Monthly plan (spec section 9)', () => {
    expect(defaultKidFields()).toMatchObject({ kidGender: 'Male', disability: false, plan: 'Monthly' })
  })

  it('trims text, folds inner spaces, and keeps the address on its lines', () => {
    const clean = normalizeKidFields({
      ...filled,
      kidName: '  Amara   Grace ',
      address: '  12 Palm Close  \r\n\n\n\n  Uyo  ',
    })
    expect(clean.kidName).toBe('Amara Grace')
    expect(clean.address).toBe('12 Palm Close\n\nUyo')
  })

  it('requires every field and limits their length', () => {
    expect(validateKidFields(filled)).toEqual({})
    const errors = validateKidFields({ ...filled, kidName: '', parentPhone: '1'.repeat(31) })
    expect(errors).toEqual({
      kidName: 'Please fill in Child Name',
      parentPhone: 'Parent Phone must be at most 30 characters',
    })
  })

  it('refuses values outside the enums', () => {
    const errors = validateKidFields({ ...filled, kidGender: 'Other', plan: 'Yearly' } as never)
    expect(errors).toEqual({ kidGender: 'Choose Male or Female', plan: 'Choose Monthly, Weekly or Daily' })
  })

  it('checks picked photos: count first (Max 6 images), then type, then size', () => {
    const file = (name: string, type = 'image/png', size = 10) => ({ name, type, size })
    expect(checkPickedPhotos([], true)).toBe('Please choose at least one image')
    expect(checkPickedPhotos([], false)).toBeNull()
    expect(
      checkPickedPhotos(
        Array.from({ length: 7 }, () => file('a.gif', 'image/gif')),
        true,
      ),
    ).toBe('Max 6 images')
    expect(
      checkPickedPhotos(
        Array.from({ length: 6 }, () => file('a.png')),
        true,
      ),
    ).toBeNull()
    expect(checkPickedPhotos([file('a.gif', 'image/gif')], true)).toBe(
      'Only .jpg, .jpeg and .png images can be added',
    )
    expect(checkPickedPhotos([file('a.JPEG', '')], true)).toBeNull() // no type from the picker: the extension
    expect(checkPickedPhotos([file('a.jpg', 'image/jpeg', 26 * 1024 * 1024)], true)).toBe(
      'Each image must be 25 MB or smaller',
    )
    expect(checkUploadablePhoto(file('a.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1))).not.toBeNull()
    expect(checkUploadablePhoto(file('a.jpg', 'image/jpeg', 5 * 1024 * 1024))).toBeNull()
  })

  it('builds photo paths as images/{userId}-{fileName}-{random id}, one safe path segment', () => {
    expect(photoStoragePath('u1', 'My Photo/1.png', 'R1')).toBe('images/u1-My_Photo_1.png-R1')
    expect(photoStoragePath('u1', '../x.jpg', 'R2')).toBe('images/u1-x.jpg-R2')
    expect(newRandomId()).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(newRandomId()).not.toBe(newRandomId())
  })

  it('checks a whole record like the rules do', () => {
    const record = buildKidRecord({ ...filled, kidName: ' Amara ' }, ['https://x/1'], 'u1')
    expect(record.kidName).toBe('Amara')
    expect(kidRecordProblems(record)).toEqual([])
    expect(kidRecordProblems({ ...record, imgUrls: [] })).toContain('Max 6 images')
    expect(kidRecordProblems({ ...record, userRef: '' })).toContain('The record has no owner')
  })

  it("shows ages in years and plans as '{plan} Plan'", () => {
    expect(formatYears('4')).toBe('4 years')
    expect(formatYears('2 years')).toBe('2 years')
    expect(formatPlan('Weekly')).toBe('Weekly Plan')
  })

  it('reads a stored document defensively', () => {
    expect(parseStoredKid('k', { ...filled, imgUrls: ['a', 3], userRef: 'u1' }, 5)).toMatchObject({
      id: 'k',
      imgUrls: ['a'],
      savedAt: 5,
    })
    expect(parseStoredKid('k', { ...filled }, null)).toBeNull() // no owner: not a child record
  })
})
