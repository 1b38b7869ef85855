import { describe, expect, it } from 'vitest'
import type { StoredKid } from '#shared/records/kid-record'
import type { Registration } from '#shared/records/registration-record'
import { csvField, filterRows, NO_FILTER, registrationRows, registrationsCsv } from './registrations-view'

const kid = (id: string, overrides: Partial<StoredKid> = {}): StoredKid => ({
  id,
  kidName: 'Amara Obi',
  kidAge: '4',
  kidBirthMonth: '',
  kidGender: 'Female',
  disability: false,
  parentName: 'Ngozi Obi',
  parentAge: '34',
  parentPhone: '+234 802 555 0101',
  address: '12 Palm Close\nUyo',
  plan: 'Monthly',
  imgUrls: ['images/u-a.jpg-1'],
  userRef: 'u',
  savedAt: 1_000,
  ...overrides,
})

const confirmed: Registration = { state: 'confirmed', startDate: '2027-01-04', decidedBy: 's', decidedAt: 1 }

describe('registrations view', () => {
  const rows = registrationRows(
    [
      kid('a'),
      kid('b', { kidName: 'Zoë Bell', plan: 'Weekly', savedAt: 3_000 }),
      kid('c', { savedAt: 2_000 }),
    ],
    new Map([['a', confirmed]]),
  )

  it('puts the newest registration first, with its decision', () => {
    expect(rows.map((row) => row.kid.id)).toEqual(['b', 'c', 'a'])
    expect(rows[2]?.registration).toEqual(confirmed)
  })

  it('filters by plan and state and searches child and parent names, accents aside', () => {
    expect(filterRows(rows, { ...NO_FILTER, plan: 'Weekly' }).map((row) => row.kid.id)).toEqual(['b'])
    expect(filterRows(rows, { ...NO_FILTER, state: 'confirmed' }).map((row) => row.kid.id)).toEqual(['a'])
    expect(filterRows(rows, { ...NO_FILTER, state: 'new' }).map((row) => row.kid.id)).toEqual(['b', 'c'])
    expect(filterRows(rows, { ...NO_FILTER, search: ' zoe ' }).map((row) => row.kid.id)).toEqual(['b'])
    expect(filterRows(rows, { ...NO_FILTER, search: 'ngozi' })).toHaveLength(3)
    expect(filterRows(rows, { ...NO_FILTER, state: 'waitlisted' })).toEqual([])
  })

  it('exports CSV that a spreadsheet reads as text', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a, b')).toBe('"a, b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('+234 802')).toBe("'+234 802")
    const csv = registrationsCsv(rows.slice(2))
    expect(csv.split('\r\n')[0]).toBe(
      'Child name,Age,Gender,Disability,Plan,Parent name,Parent phone,Address,Registered,State,Start date',
    )
    expect(csv).toContain(`Amara Obi,4,Female,No,Monthly,Ngozi Obi,'+234 802 555 0101,"12 Palm Close\nUyo",`)
    expect(csv).toContain(',confirmed,2027-01-04\r\n')
  })
})
