// 'Tell the centre' (issue 51; docs/decisions/0070-attendance-records-and-collection-codes.md): a
// parent's message about one child's day, 'Away today' or 'Someone else collects today', in
// tellTheCentre/{messageId}. The child's owner creates it (offline-first: the id is chosen on the device,
// newRandomId, so every retry writes the same record) and may withdraw it; staff read it on Today and
// never write it; nobody deletes it by hand. The ONE schema shared by the parent's form, the outbox and
// the adapter; firestore.rules repeats its fields and limits.

import { ATTENDANCE_TEXT_MAX, centreDay, isPhone } from './attendance-record'
import { cleanLine, cleanLines, textProblem } from './record-text'
import { addDays, isStartDate } from './registration-record'

export const TELL_KINDS = ['away', 'someone-else'] as const
export type TellKind = (typeof TELL_KINDS)[number]

/** The screens' names of the two messages. */
export const TELL_TITLES: { readonly [K in TellKind]: string } = {
  away: 'Away today',
  'someone-else': 'Someone else collects today',
}

export const AWAY_REASONS = ['ill', 'holiday', 'other'] as const
export type AwayReason = (typeof AWAY_REASONS)[number]

export const AWAY_REASON_LABELS: { readonly [R in AwayReason]: string } = {
  ill: 'Ill',
  holiday: 'Holiday',
  other: 'Other',
}

/** Longest text, in characters (firestore.rules: the same numbers). */
export const TELL_TEXT_MAX = { ...ATTENDANCE_TEXT_MAX, note: 300 } as const

/**
 * Which days a message may be about (firestore.rules: the same): from yesterday at the centre (a message
 * written offline late in the day, sent the next morning) to 30 days ahead (a holiday told early).
 */
export const TELL_DAYS_BEFORE = 1
export const TELL_DAYS_AHEAD = 30

/** What the parent fills in. */
export type TellFields =
  | { readonly kind: 'away'; readonly reason: AwayReason; readonly note: string }
  | {
      readonly kind: 'someone-else'
      readonly name: string
      readonly relation: string
      readonly phone: string
      readonly note: string
    }

/** The record as the device writes it; the adapter adds `createdAt` (the server's time). */
export interface TellMessage {
  readonly kidId: string
  /** The parent who wrote it, the child's owner. */
  readonly userRef: string
  /** The day it is about (YYYY-MM-DD at the centre). */
  readonly day: string
  readonly fields: TellFields
  /** The device's clock when written (ms). */
  readonly deviceAt: number
}

export interface StoredTellMessage extends TellMessage {
  readonly id: string
  /** Server time in ms (an estimate while the write waits); null if unknown. */
  readonly createdAt: number | null
  /** When the parent withdrew it (server time, ms), else null. */
  readonly withdrawnAt: number | null
}

/** What the form's checks say. */
export const tellMessages = {
  reason: 'Choose a reason: ill, holiday or other',
  name: 'Please fill in the name of who collects',
  relation: 'Please fill in their relation to the child',
  phone: 'Please fill in their phone number',
  phoneShape: 'A phone number holds digits, spaces and + - ( ) only, at least 7 digits',
  day: `Choose today or a day in the next ${TELL_DAYS_AHEAD} days`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  characters: (label: string) => `${label} holds control or text-direction characters that cannot be saved`,
} as const

/** A message written now (`deviceAt`) about `day` (today at the centre if not given), texts cleaned. */
export function newTellMessage(input: {
  readonly kidId: string
  readonly userRef: string
  readonly fields: TellFields
  readonly deviceAt: number
  readonly day?: string
  readonly timeZone?: string
}): TellMessage {
  return {
    kidId: input.kidId,
    userRef: input.userRef,
    day: input.day ?? centreDay(input.deviceAt, input.timeZone),
    fields: normalizeTellFields(input.fields),
    deviceAt: input.deviceAt,
  }
}

export function normalizeTellFields(fields: TellFields): TellFields {
  if (fields.kind === 'away') return { ...fields, note: cleanLines(fields.note) }
  return {
    ...fields,
    name: cleanLine(fields.name),
    relation: cleanLine(fields.relation),
    phone: cleanLine(fields.phone),
    note: cleanLines(fields.note),
  }
}

export function isAwayReason(value: unknown): value is AwayReason {
  return (AWAY_REASONS as readonly unknown[]).includes(value)
}

function check(
  errors: Record<string, string>,
  key: string,
  label: string,
  value: string,
  limits: { readonly min: number; readonly max: number; readonly multiline: boolean },
  required: string,
): void {
  const problem = textProblem(value, limits)
  if (problem === 'required') errors[key] = required
  else if (problem === 'tooLong') errors[key] = tellMessages.tooLong(label, limits.max)
  else if (problem === 'characters') errors[key] = tellMessages.characters(label)
}

/**
 * Problems of a (normalized) message's fields, keyed by field; empty when it may be sent. `today`: the
 * centre's date now, for the day's bounds.
 */
export function validateTellMessage(message: TellMessage, today: string): Partial<Record<string, string>> {
  const errors: Record<string, string> = {}
  const f = message.fields
  if (
    !isStartDate(message.day) ||
    message.day < addDays(today, -TELL_DAYS_BEFORE) ||
    message.day > addDays(today, TELL_DAYS_AHEAD)
  )
    errors.day = tellMessages.day
  const note = { min: 0, max: TELL_TEXT_MAX.note, multiline: true }
  if (f.kind === 'away') {
    if (!isAwayReason(f.reason)) errors.reason = tellMessages.reason
  } else {
    check(
      errors,
      'name',
      'Name',
      f.name,
      { min: 1, max: TELL_TEXT_MAX.name, multiline: false },
      tellMessages.name,
    )
    check(
      errors,
      'relation',
      'Relation',
      f.relation,
      { min: 1, max: TELL_TEXT_MAX.relation, multiline: false },
      tellMessages.relation,
    )
    check(
      errors,
      'phone',
      'Phone',
      f.phone,
      { min: 1, max: TELL_TEXT_MAX.phone, multiline: false },
      tellMessages.phone,
    )
    if (!errors.phone && !isPhone(f.phone)) errors.phone = tellMessages.phoneShape
  }
  check(errors, 'note', 'The note', f.note, note, '')
  return errors
}

/**
 * The stored fields, every key present (firestore.rules wants exactly these): `reason` null for someone
 * else, `collector` null when away. The adapter adds `deviceAt` as a timestamp, `createdAt` (the server's
 * time) and `withdrawnAt: null`.
 */
export function tellMessageData(message: TellMessage): {
  readonly kidId: string
  readonly userRef: string
  readonly day: string
  readonly kind: TellKind
  readonly reason: AwayReason | null
  readonly note: string
  readonly collector: { readonly name: string; readonly relation: string; readonly phone: string } | null
} {
  const f = message.fields
  return {
    kidId: message.kidId,
    userRef: message.userRef,
    day: message.day,
    kind: f.kind,
    reason: f.kind === 'away' ? f.reason : null,
    note: f.note,
    collector: f.kind === 'someone-else' ? { name: f.name, relation: f.relation, phone: f.phone } : null,
  }
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Reads a stored message, or null if it is not one this app writes. Times: the stored timestamps in ms. */
export function parseTellMessage(
  id: string,
  data: unknown,
  times: {
    readonly deviceAt: number | null
    readonly createdAt: number | null
    readonly withdrawnAt: number | null
  },
): StoredTellMessage | null {
  if (typeof data !== 'object' || data === null || times.deviceAt === null) return null
  const d = data as Record<string, unknown>
  if (typeof d.kidId !== 'string' || typeof d.userRef !== 'string' || !isStartDate(d.day)) return null
  let fields: TellFields
  if (d.kind === 'away' && isAwayReason(d.reason))
    fields = { kind: 'away', reason: d.reason, note: str(d.note) }
  else if (d.kind === 'someone-else' && typeof d.collector === 'object' && d.collector !== null) {
    const c = d.collector as Record<string, unknown>
    fields = {
      kind: 'someone-else',
      name: str(c.name),
      relation: str(c.relation),
      phone: str(c.phone),
      note: str(d.note),
    }
  } else return null
  return {
    id,
    kidId: d.kidId,
    userRef: d.userRef,
    day: d.day,
    fields,
    deviceAt: times.deviceAt,
    createdAt: times.createdAt,
    withdrawnAt: times.withdrawnAt,
  }
}

/** The line staff read on Today: 'Away today: ill' or 'Someone else collects today: Ada Eze (aunt), 0803…'. */
export function tellSummary(message: TellMessage): string {
  const f = message.fields
  const note = f.note ? `. ${f.note}` : ''
  if (f.kind === 'away') return `${TELL_TITLES.away}: ${AWAY_REASON_LABELS[f.reason].toLowerCase()}${note}`
  return `${TELL_TITLES['someone-else']}: ${f.name} (${f.relation}), ${f.phone}${note}`
}
