// One child for the detail and edit screens. A child that is missing or not the parent's gets a toast
// ('Child does not exist', or on the edit screen 'You can not edit that child'), then the home page.
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { notify } from '#shared/ui/notify'
import { kidMessages } from './kid-messages'
import { useOutboxEntries, useStoredKid } from './kids-data'
import { type KidLookup, lookupKid } from './kids-view'

export function useKidLookup(kidId: string, userId: string, notYoursMessage: string) {
  const entries = useOutboxEntries(userId)
  const stored = useStoredKid(kidId)
  const lookup: KidLookup = lookupKid(kidId, userId, stored, entries)
  const navigate = useNavigate()
  const leaving = useRef(false)

  useEffect(() => {
    if (leaving.current) return
    if (lookup.state === 'missing' || lookup.state === 'notYours') {
      leaving.current = true
      void notify('error', lookup.state === 'missing' ? kidMessages.missing : notYoursMessage)
      void navigate({ to: '/', replace: true })
    }
  }, [lookup.state, navigate, notYoursMessage])

  return lookup
}
