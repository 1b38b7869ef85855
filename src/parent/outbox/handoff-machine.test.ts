// The hand-off's machine, every state against every event (docs/decisions/0072). The expected table is
// written out by hand, not computed: it is the behaviour the sender tests (child-outbox*.test.ts)
// check through the backend fakes, one row per state.
import { describe, expect, it } from 'vitest'
import {
  type FollowEvent,
  type FollowState,
  initialState,
  isFinal,
  listens,
  transition,
} from './handoff-machine'

const EVENTS: FollowEvent['type'][] = [
  'writeSaved',
  'writeRefused',
  'writeLost',
  'seenQueued',
  'seenSaved',
  'seenOtherInCache',
  'seenOtherOnServer',
  'serverHasIt',
  'serverHasNot',
  'serverOutOfReach',
  'confirmDue',
  'stop',
]

/** A state by a short name: 'watching+q' is 'watching' with the write seen in Firestore's queue. */
function state(name: string): FollowState {
  const [base = '', flag] = name.split('+')
  const queued = flag === 'q'
  switch (base) {
    case 'awaitingWrite':
    case 'saved':
    case 'requeue':
    case 'refused':
    case 'stopped':
      return { name: base }
    case 'watching':
    case 'askingServer':
    case 'confirmingAbsence':
    case 'askingAgain':
      return { name: base, queued }
    default:
      throw new Error(`no state ${name}`)
  }
}

function nameOf(s: FollowState): string {
  return 'queued' in s && s.queued ? `${s.name}+q` : s.name
}

/** '=' : the same state object back (nothing happens). */
type Row = Record<FollowEvent['type'], string>

const TABLE: Record<string, Row> = {
  awaitingWrite: {
    writeSaved: 'saved',
    writeRefused: 'refused',
    writeLost: 'watching',
    seenQueued: '=',
    seenSaved: '=',
    seenOtherInCache: '=',
    seenOtherOnServer: '=',
    serverHasIt: '=',
    serverHasNot: '=',
    serverOutOfReach: '=',
    confirmDue: '=',
    stop: 'stopped',
  },
  watching: {
    writeSaved: '=',
    writeRefused: '=',
    writeLost: '=',
    seenQueued: 'watching+q',
    seenSaved: 'saved',
    seenOtherInCache: 'requeue',
    seenOtherOnServer: 'askingServer',
    serverHasIt: '=',
    serverHasNot: '=',
    serverOutOfReach: '=',
    confirmDue: '=',
    stop: 'stopped',
  },
  'watching+q': {
    writeSaved: '=',
    writeRefused: '=',
    writeLost: '=',
    seenQueued: '=',
    seenSaved: 'saved',
    seenOtherInCache: 'askingServer+q',
    seenOtherOnServer: 'askingServer+q',
    serverHasIt: '=',
    serverHasNot: '=',
    serverOutOfReach: '=',
    confirmDue: '=',
    stop: 'stopped',
  },
  askingServer: {
    writeSaved: '=',
    writeRefused: '=',
    writeLost: '=',
    seenQueued: 'askingServer+q',
    seenSaved: 'saved',
    seenOtherInCache: 'requeue',
    seenOtherOnServer: '=',
    serverHasIt: 'saved',
    serverHasNot: 'confirmingAbsence',
    serverOutOfReach: 'watching',
    confirmDue: '=',
    stop: 'stopped',
  },
  'askingServer+q': {
    writeSaved: '=',
    writeRefused: '=',
    writeLost: '=',
    seenQueued: '=',
    seenSaved: 'saved',
    seenOtherInCache: '=',
    seenOtherOnServer: '=',
    serverHasIt: 'saved',
    serverHasNot: 'confirmingAbsence+q',
    serverOutOfReach: 'watching+q',
    confirmDue: '=',
    stop: 'stopped',
  },
  confirmingAbsence: {
    writeSaved: '=',
    writeRefused: '=',
    writeLost: '=',
    seenQueued: 'confirmingAbsence+q',
    seenSaved: 'saved',
    seenOtherInCache: 'requeue',
    seenOtherOnServer: '=',
    serverHasIt: '=',
    serverHasNot: '=',
    serverOutOfReach: '=',
    confirmDue: 'askingAgain',
    stop: 'stopped',
  },
  'confirmingAbsence+q': {
    writeSaved: '=',
    writeRefused: '=',
    writeLost: '=',
    seenQueued: '=',
    seenSaved: 'saved',
    seenOtherInCache: '=',
    seenOtherOnServer: '=',
    serverHasIt: '=',
    serverHasNot: '=',
    serverOutOfReach: '=',
    confirmDue: 'askingAgain+q',
    stop: 'stopped',
  },
  askingAgain: {
    writeSaved: '=',
    writeRefused: '=',
    writeLost: '=',
    seenQueued: 'askingAgain+q',
    seenSaved: 'saved',
    seenOtherInCache: 'requeue',
    seenOtherOnServer: '=',
    serverHasIt: 'saved',
    serverHasNot: 'refused',
    serverOutOfReach: 'watching',
    confirmDue: '=',
    stop: 'stopped',
  },
  'askingAgain+q': {
    writeSaved: '=',
    writeRefused: '=',
    writeLost: '=',
    seenQueued: '=',
    seenSaved: 'saved',
    seenOtherInCache: '=',
    seenOtherOnServer: '=',
    serverHasIt: 'saved',
    serverHasNot: 'refused',
    serverOutOfReach: 'watching+q',
    confirmDue: '=',
    stop: 'stopped',
  },
}

const FINALS = ['saved', 'requeue', 'refused', 'stopped']

describe("the hand-off's machine", () => {
  for (const [from, row] of Object.entries(TABLE))
    for (const event of EVENTS) {
      const expected = row[event]
      it(`${from} + ${event} -> ${expected === '=' ? 'no change' : expected}`, () => {
        const before = state(from)
        const after = transition(before, { type: event })
        if (expected === '=') expect(after).toBe(before)
        else expect(nameOf(after)).toBe(expected)
      })
    }

  for (const final of FINALS)
    it(`${final} is final: every later event leaves it as it is`, () => {
      const before = state(final)
      expect(isFinal(before)).toBe(true)
      expect(listens(before)).toBe(false)
      for (const event of EVENTS) expect(transition(before, { type: event })).toBe(before)
    })

  it('the table covers every state but the final ones, and only they are final', () => {
    expect(
      Object.keys(TABLE)
        .map(state)
        .every((s) => !isFinal(s)),
    ).toBe(true)
    // The record is listened to in every state but the wait for the write's own answer.
    expect(Object.keys(TABLE).filter((name) => !listens(state(name)))).toEqual(['awaitingWrite'])
  })

  it("starts on the write's own answer while this page has it, else on the record", () => {
    expect(initialState(true)).toEqual({ name: 'awaitingWrite' })
    expect(initialState(false)).toEqual({ name: 'watching', queued: false })
  })

  it('a refusal needs the server to say so twice, the wait between included', () => {
    let s = initialState(false)
    for (const type of ['seenOtherOnServer', 'serverHasNot', 'confirmDue'] as const)
      s = transition(s, { type })
    expect(s.name).toBe('askingAgain')
    expect(transition(s, { type: 'serverHasNot' }).name).toBe('refused')
    // The save it took meanwhile is found on the second read.
    expect(transition(s, { type: 'serverHasIt' }).name).toBe('saved')
  })
})
