import { describe, expect, it } from 'vitest'
import {
  buildKidRecord,
  defaultKidFields,
  kidRecordProblems,
  normalizeKidFields,
  parseStoredKid,
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
  it('defaults to Male, no disability and the Monthly plan', () => {
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

  it('normalizes what the rules refuse: controls and bidi marks go, line breaks only in the address', () => {
    const clean = normalizeKidFields({
      ...filled,
      kidName: 'Amara\u202E \u2066Obi\u0000',
      kidAge: '4\nyears',
      parentPhone: '0802\t555',
      address: '12 Palm\tClose\u2028Uyo\u202E\r\nAkwa Ibom',
    })
    expect(clean).toMatchObject({
      kidName: 'Amara Obi',
      kidAge: '4 years',
      parentPhone: '0802 555',
      address: '12 Palm Close\nUyo\nAkwa Ibom',
    })
    expect(validateKidFields(clean)).toEqual({})
    // A field of nothing but such characters is empty, with the spec's message.
    const blank = normalizeKidFields({ ...filled, kidName: '\u202E\u2066', parentName: '\u00A0\u3000' })
    expect(validateKidFields(blank)).toEqual({
      kidName: 'Please fill in Child Name',
      parentName: 'Please fill in Parent Name',
    })
  })

  it('refuses (un-normalized) text the rules would refuse, and counts characters, not UTF-16 units', () => {
    expect(validateKidFields({ ...filled, kidName: '   ', kidAge: '4\n', address: 'Uyo\u202E' })).toEqual({
      kidName: 'Please fill in Child Name',
      kidAge: 'Child Age holds control or text-direction characters that cannot be saved',
      address: 'Address holds control or text-direction characters that cannot be saved',
    })
    expect(validateKidFields({ ...filled, address: '12 Palm Close\nUyo' })).toEqual({})
    expect(validateKidFields({ ...filled, kidName: '😀'.repeat(80) })).toEqual({})
    expect(validateKidFields({ ...filled, kidName: '😀'.repeat(81) })).toEqual({
      kidName: 'Child Name must be at most 80 characters',
    })
    const record = buildKidRecord(filled, ['images/u1-a.jpg-R1'], 'u1')
    expect(kidRecordProblems({ ...record, kidName: 'Amara\u202E' })).toEqual([
      'Child Name holds control or text-direction characters that cannot be saved',
    ])
  })

  it('refuses a missing gender or plan, and keeps one the form does not offer', () => {
    const none = validateKidFields({ ...filled, kidGender: '', plan: ' ' })
    expect(none).toEqual({ kidGender: 'Choose Male or Female', plan: 'Choose Monthly, Weekly or Daily' })
    const notText = validateKidFields({ ...filled, kidGender: 3, plan: null } as never)
    expect(notText).toEqual({ kidGender: 'Choose Male or Female', plan: 'Choose Monthly, Weekly or Daily' })
    // Only a stored record holds such a value (the form offers the known ones and the one it had).
    expect(validateKidFields({ ...filled, kidGender: 'Non-binary', plan: 'Yearly' })).toEqual({})
  })

  it('checks a whole record like the rules do', () => {
    const record = buildKidRecord({ ...filled, kidName: ' Amara ' }, ['images/u1-a.jpg-R1'], 'u1')
    expect(record.kidName).toBe('Amara')
    expect(kidRecordProblems(record)).toEqual([])
    // Photos are the owner's storage paths: no public address, no other parent's photo.
    expect(kidRecordProblems({ ...record, imgUrls: ['https://x/1?token=t'] })).toHaveLength(1)
    expect(kidRecordProblems({ ...record, imgUrls: ['images/u2-a.jpg-R1'] })).toHaveLength(1)
    expect(kidRecordProblems({ ...record, imgUrls: ['images/u2/a.jpg-R4nd0mId000000000001'] })).toHaveLength(
      1,
    )
    // A folder path, and a legacy record's flat names with spaces and accents, are the owner's own.
    expect(
      kidRecordProblems({
        ...record,
        imgUrls: ['images/u1/a.jpg-R4nd0mId000000000001', 'images/u1-My Photo é.jpg-abc'],
      }),
    ).toEqual([])
    expect(kidRecordProblems({ ...record, imgUrls: [] })).toContain('Max 6 images')
    expect(kidRecordProblems({ ...record, userRef: '' })).toContain('The record has no owner')
  })

  it('reads a stored document defensively', () => {
    expect(parseStoredKid('k', { ...filled, imgUrls: ['a', 3], userRef: 'u1' }, 5)).toMatchObject({
      id: 'k',
      imgUrls: ['a'],
      savedAt: 5,
    })
    expect(parseStoredKid('k', { ...filled }, null)).toBeNull() // no owner: not a child record
  })

  it('reads a gender or plan the app does not offer as stored, never as Male or Monthly', () => {
    const odd = { ...filled, kidGender: 'Non-binary', plan: 'Yearly', imgUrls: [], userRef: 'u1' }
    expect(parseStoredKid('k', odd, null)).toMatchObject({ kidGender: 'Non-binary', plan: 'Yearly' })
    const missing = { ...filled, kidGender: undefined, plan: 7, imgUrls: [], userRef: 'u1' }
    expect(parseStoredKid('k', missing, null)).toMatchObject({ kidGender: '', plan: '' })
  })
})
