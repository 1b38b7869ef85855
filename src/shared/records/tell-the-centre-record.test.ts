import { describe, expect, it } from 'vitest'
import {
  newTellMessage,
  parseTellMessage,
  type TellFields,
  tellMessageData,
  tellMessages,
  tellSummary,
  validateTellMessage,
} from './tell-the-centre-record'

const KID = 'Kid0000000000000000A'
const MORNING = Date.UTC(2026, 11, 6, 6, 0)
const TODAY = '2026-12-06'
const message = (fields: TellFields, day?: string) =>
  newTellMessage({ kidId: KID, userRef: 'alice', fields, deviceAt: MORNING, day })
const away = (overrides: Partial<Extract<TellFields, { kind: 'away' }>> = {}): TellFields => ({
  kind: 'away',
  reason: 'ill',
  note: '',
  ...overrides,
})
const someoneElse = (overrides: Partial<Extract<TellFields, { kind: 'someone-else' }>> = {}): TellFields => ({
  kind: 'someone-else',
  name: 'Uche Okon',
  relation: 'Neighbour',
  phone: '0803 555 0199',
  note: '',
  ...overrides,
})

describe('Away today', () => {
  it('is about today at the centre unless a day is given; its note is cleaned', () => {
    const sent = message(away({ note: '  Fever\r\nsince last night  ' }))
    expect(sent.day).toBe(TODAY)
    expect(sent.fields).toEqual({ kind: 'away', reason: 'ill', note: 'Fever\nsince last night' })
    expect(validateTellMessage(sent, TODAY)).toEqual({})
  })

  it('needs a reason the form offers, and a note of at most 300 characters', () => {
    expect(validateTellMessage(message(away({ reason: 'bored' as 'ill' })), TODAY)).toEqual({
      reason: tellMessages.reason,
    })
    expect(validateTellMessage(message(away({ note: 'x'.repeat(301) })), TODAY)).toEqual({
      note: 'The note must be at most 300 characters',
    })
    expect(validateTellMessage(message(away({ reason: 'holiday', note: 'x'.repeat(300) })), TODAY)).toEqual(
      {},
    )
  })

  it('may be about yesterday (sent late) to 30 days ahead, not before or beyond', () => {
    expect(validateTellMessage(message(away(), '2026-12-05'), TODAY)).toEqual({})
    expect(validateTellMessage(message(away(), '2027-01-05'), TODAY)).toEqual({})
    expect(validateTellMessage(message(away(), '2026-12-04'), TODAY)).toEqual({ day: tellMessages.day })
    expect(validateTellMessage(message(away(), '2027-01-06'), TODAY)).toEqual({ day: tellMessages.day })
    expect(validateTellMessage(message(away(), '2026-13-01'), TODAY)).toEqual({ day: tellMessages.day })
  })
})

describe('Someone else collects today', () => {
  it('needs a name, a relation and a phone that can be called', () => {
    expect(validateTellMessage(message(someoneElse()), TODAY)).toEqual({})
    expect(validateTellMessage(message(someoneElse({ name: ' ', relation: '', phone: '' })), TODAY)).toEqual({
      name: tellMessages.name,
      relation: tellMessages.relation,
      phone: tellMessages.phone,
    })
    expect(validateTellMessage(message(someoneElse({ phone: 'ring Uche' })), TODAY)).toEqual({
      phone: tellMessages.phoneShape,
    })
    expect(validateTellMessage(message(someoneElse({ relation: 'r'.repeat(41) })), TODAY)).toEqual({
      relation: 'Relation must be at most 40 characters',
    })
  })

  it('is stored with every key (the rules want exactly these) and read back', () => {
    const sent = message(someoneElse({ note: 'She has the red car' }))
    const data = tellMessageData(sent)
    expect(data).toEqual({
      kidId: KID,
      userRef: 'alice',
      day: TODAY,
      kind: 'someone-else',
      reason: null,
      note: 'She has the red car',
      collector: { name: 'Uche Okon', relation: 'Neighbour', phone: '0803 555 0199' },
    })
    const times = { deviceAt: MORNING, createdAt: MORNING + 1_000, withdrawnAt: null }
    expect(parseTellMessage('M'.repeat(20), data, times)).toEqual({ id: 'M'.repeat(20), ...sent, ...times })
    expect(tellSummary(sent)).toBe(
      'Someone else collects today: Uche Okon (Neighbour), 0803 555 0199. She has the red car',
    )
  })

  it('an away message is stored without a collector; what the app never writes is not read', () => {
    const data = tellMessageData(message(away({ reason: 'holiday' })))
    expect(data.collector).toBeNull()
    expect(data.reason).toBe('holiday')
    expect(tellSummary(message(away({ reason: 'holiday' })))).toBe('Away today: holiday')
    const times = { deviceAt: MORNING, createdAt: null, withdrawnAt: null }
    expect(parseTellMessage('M'.repeat(20), { ...data, reason: 'bored' }, times)).toBeNull()
    expect(parseTellMessage('M'.repeat(20), { ...data, kind: 'someone-else' }, times)).toBeNull()
    expect(parseTellMessage('M'.repeat(20), data, { ...times, deviceAt: null })).toBeNull()
  })
})
