import { describe, expect, it } from 'vitest'
import { type Notice, newestFirst, noticeId, noticeText, parseNotice } from './notice-record'

describe('noticeText', () => {
  it('says a place is confirmed, with its start date', () => {
    expect(noticeText(null, { state: 'confirmed', startDate: '2027-01-04' }, 'Amara')).toBe(
      "Amara's place is confirmed from 4 January 2027.",
    )
    expect(
      noticeText(
        { state: 'waitlisted', startDate: null },
        { state: 'confirmed', startDate: '2027-01-04' },
        'Amara',
      ),
    ).toBe("Amara's place is confirmed from 4 January 2027.")
  })

  it('says a start date changed', () => {
    expect(
      noticeText(
        { state: 'confirmed', startDate: '2027-01-04' },
        { state: 'confirmed', startDate: '2027-02-01' },
        'Amara',
      ),
    ).toBe("Amara's start date has changed: the place is now confirmed from 1 February 2027.")
  })

  it('says the child is on the waiting list, and when a place was taken back', () => {
    expect(noticeText(null, { state: 'waitlisted', startDate: null }, 'Bola')).toBe(
      'Bola is on the waiting list. We will tell you when a place opens.',
    )
    expect(
      noticeText(
        { state: 'confirmed', startDate: '2027-01-04' },
        { state: 'waitlisted', startDate: null },
        'Bola',
      ),
    ).toBe("Bola's place is no longer confirmed: Bola is on the waiting list.")
  })

  it('says nothing for no decision, the same decision again, or a state without words yet', () => {
    expect(noticeText({ state: 'confirmed', startDate: '2027-01-04' }, null, 'Amara')).toBeNull()
    expect(noticeText(null, null, 'Amara')).toBeNull()
    const same = { state: 'waitlisted', startDate: null }
    expect(noticeText(same, { ...same }, 'Amara')).toBeNull()
    expect(noticeText(null, { state: 'offered', startDate: '2027-01-04' }, 'Amara')).toBeNull()
    expect(noticeText(null, { state: 'confirmed', startDate: null }, 'Amara')).toBeNull()
    expect(noticeText(null, { state: 'archived', startDate: null }, 'Amara')).toBeNull()
  })
})

describe('noticeText for the enrolment states (decision 0031)', () => {
  const waiting = { state: 'waitlisted', startDate: null, waitingSince: '2026-09-01' }
  const offer = { state: 'offered', startDate: '2027-02-01', replyBy: '2026-12-04' }

  it('says a place is offered, from when, and by when to answer', () => {
    expect(noticeText(waiting, offer, 'Amara')).toBe(
      'A place for Amara is offered from 1 February 2027. Please accept or decline it in the app by 4 December 2026.',
    )
  })

  it("says why the centre cannot offer a place, in the staff's words", () => {
    expect(
      noticeText(null, { state: 'declined', startDate: null, reason: 'We have no baby room.' }, 'Bola'),
    ).toBe('We cannot offer Bola a place: We have no baby room.')
  })

  it('says an unanswered offer lapsed and the child is back on the waiting list', () => {
    expect(noticeText(offer, { ...waiting, lapsedOn: '2026-12-04' }, 'Amara')).toBe(
      'The place offered for Amara was not accepted by 4 December 2026, so it has gone to the next family. Amara is back on the waiting list.',
    )
  })

  it("asks 'Still interested?' once, and says nothing when it is answered", () => {
    const asked = { ...waiting, askId: 'ask1' }
    expect(noticeText(waiting, asked, 'Chidi')).toBe(
      "Is Chidi still coming to us? Please answer 'Still interested?' in the app within 14 days, or Chidi leaves the waiting list.",
    )
    expect(noticeText(asked, { ...asked }, 'Chidi')).toBeNull()
    expect(noticeText(asked, waiting, 'Chidi')).toBeNull()
  })

  it('says a withdrawn family left the list, and that staff put it back', () => {
    const withdrawn = { state: 'withdrawn', startDate: null }
    expect(noticeText({ ...waiting, askId: 'ask1' }, withdrawn, 'Dayo')).toBe(
      'Dayo is no longer on the waiting list: we did not hear that you are still interested. Tell us if you are, and we will put Dayo back.',
    )
    expect(noticeText(withdrawn, waiting, 'Dayo')).toBe('Dayo is back on the waiting list.')
  })
})

describe('notices as the app reads them', () => {
  const notice = (id: string, createdAt: number | null, readAt: number | null = null): Notice => ({
    id,
    kidId: 'k',
    kidName: 'Amara',
    text: 't',
    createdAt,
    readAt,
  })

  it('parses what the function writes and refuses anything else', () => {
    expect(parseNotice('n', { kidId: 'k', kidName: 'Amara', text: 't' }, 5, null)).toEqual(notice('n', 5))
    expect(parseNotice('n', { kidId: 'k', text: 't' }, 5, null)).toBeNull()
    expect(parseNotice('n', null, 5, null)).toBeNull()
  })

  it('lists newest first', () => {
    const list = [notice('a', 1), notice('b', 3, 4), notice('c', null), notice('d', 2)]
    expect(newestFirst(list).map((n) => n.id)).toEqual(['c', 'b', 'd', 'a'])
  })

  it('names a decision by its child and time', () => {
    expect(noticeId('kid1', 1700000000000)).toBe('kid1-1700000000000')
  })
})
