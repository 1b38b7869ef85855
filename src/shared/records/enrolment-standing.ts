// Where a child stands, from the centre's record and the parent's reply to its open question: the one
// reading of the states that the parent's card, the child's page and the staff's list share
// (docs/decisions/0031-enrolment-states.md). Pure: unit-tested.
import { siteConfig } from '#shared/config/site-config'
import {
  askDeadline,
  dateFormat,
  formatStartDate,
  type Registration,
  replyDeadline,
  waitingSinceOf,
} from './registration-record'
import type { Reply } from './reply-record'

export type Standing =
  | { readonly kind: 'registered' }
  | {
      readonly kind: 'offered'
      readonly startDate: string
      readonly replyBy: string
      readonly offerId: string
      /** False once the reply-by date has passed (the schedule lapses it soon after). */
      readonly open: boolean
    }
  | { readonly kind: 'accepted'; readonly startDate: string; readonly offerId: string }
  | { readonly kind: 'declined-by-family'; readonly startDate: string }
  | {
      readonly kind: 'waitlisted'
      readonly since: string | null
      /** The reply-by date of an offer that lapsed, unanswered. */
      readonly lapsedOn: string | null
      /** An open 'Still interested?' (not answered yet), with its deadline in ms. */
      readonly ask: { readonly askId: string; readonly until: number } | null
    }
  | { readonly kind: 'declined'; readonly reason: string }
  | { readonly kind: 'withdrawn'; readonly since: string | null }
  | { readonly kind: 'confirmed'; readonly startDate: string; readonly missing: readonly string[] }

export type StandingKind = Standing['kind']

/**
 * `reply`: the parent's reply to the record's open question (openQuestion), as the server or this
 * device's outbox holds it; null when none.
 */
export function standingOf(registration: Registration | null, reply: Reply | null, now: number): Standing {
  if (!registration) return { kind: 'registered' }
  const { startDate } = registration
  switch (registration.state) {
    case 'offered': {
      const { replyBy, offerId } = registration
      if (!startDate || !replyBy || !offerId) return { kind: 'registered' }
      if (reply === 'accepted') return { kind: 'accepted', startDate, offerId }
      if (reply === 'declined') return { kind: 'declined-by-family', startDate }
      return { kind: 'offered', startDate, replyBy, offerId, open: now < replyDeadline(replyBy) }
    }
    case 'waitlisted': {
      const { askId, askedAt } = registration
      const ask =
        askId && askedAt !== null && reply !== 'interested' ? { askId, until: askDeadline(askedAt) } : null
      return { kind: 'waitlisted', since: waitingSinceOf(registration), lapsedOn: registration.lapsedOn, ask }
    }
    case 'declined':
      return { kind: 'declined', reason: registration.reason ?? '' }
    case 'withdrawn':
      return { kind: 'withdrawn', since: waitingSinceOf(registration) }
    case 'confirmed':
      return startDate
        ? { kind: 'confirmed', startDate, missing: registration.missing }
        : { kind: 'registered' }
  }
}

/** '4 January 2027' of a moment (ms), at the centre. */
function dayOf(ms: number): string {
  return dateFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: siteConfig.timeZone,
  }).format(ms)
}

/** What the parent's card and the child's page say; null while nothing is decided (registered). */
export function standingText(standing: Standing): string | null {
  switch (standing.kind) {
    case 'registered':
      return null
    case 'offered':
      return standing.open
        ? `Place offered from ${formatStartDate(standing.startDate)}: reply by ${formatStartDate(standing.replyBy)}`
        : `The offer of a place from ${formatStartDate(standing.startDate)} has passed its reply-by date (${formatStartDate(standing.replyBy)})`
    case 'accepted':
      return `Place accepted, from ${formatStartDate(standing.startDate)}: the centre will confirm it`
    case 'declined-by-family':
      return `You declined the place offered from ${formatStartDate(standing.startDate)}`
    case 'waitlisted':
      return standing.since
        ? `On the waiting list since ${formatStartDate(standing.since)}`
        : 'On the waiting list'
    case 'declined':
      return `No place can be offered: ${standing.reason}`
    case 'withdrawn':
      return 'Withdrawn'
    case 'confirmed':
      return `Place confirmed from ${formatStartDate(standing.startDate)}`
  }
}

/** The note under a waiting family's state: why they are back on the list, and the open question. */
export function standingNotes(standing: Standing): string[] {
  if (standing.kind !== 'waitlisted') return []
  const notes: string[] = []
  if (standing.lapsedOn)
    notes.push(
      `The offer of a place was not answered by ${formatStartDate(standing.lapsedOn)}, so it went to the next family.`,
    )
  if (standing.ask) notes.push(`Still interested? Please answer by ${dayOf(standing.ask.until)}.`)
  return notes
}

/** Why an 'Accept' was refused: the offer is no longer open. */
export function lapsedOfferText(replyBy: string | null): string {
  return replyBy
    ? `This offer can no longer be accepted: its reply-by date, ${formatStartDate(replyBy)}, has passed and the place went to the next family. Your child is back on the waiting list.`
    : 'This offer can no longer be accepted: the centre has changed it. Your child’s state above is the current one.'
}

/** The staff's label of a state. */
export function staffStandingLabel(standing: Standing): string {
  switch (standing.kind) {
    case 'registered':
      return 'New'
    case 'offered':
      return standing.open
        ? `Offered from ${formatStartDate(standing.startDate)}, reply by ${formatStartDate(standing.replyBy)}`
        : `Offer past its reply-by date (${formatStartDate(standing.replyBy)})`
    case 'accepted':
      return `Accepted, from ${formatStartDate(standing.startDate)}`
    case 'declined-by-family':
      return 'Declined by the family'
    case 'waitlisted':
      return standing.since ? `Waiting list since ${formatStartDate(standing.since)}` : 'Waiting list'
    case 'declined':
      return 'Declined by the centre'
    case 'withdrawn':
      return 'Withdrawn'
    case 'confirmed':
      return `Confirmed from ${formatStartDate(standing.startDate)}`
  }
}
