// A centre setting saved with a button (the period of ended places, the day's settings): the write is
// kept on this device and goes by itself, so the screen says 'Kept on this device…' offline, 'Saved.'
// once the server has it, and an alert when the server refuses it.
import { useState } from 'react'
import type { QueuedWrite } from '#shared/backend/port-types'

export type SaveOutcome = 'saved' | 'waiting' | 'refused' | null

export function useSettingSave(what: string) {
  const [outcome, setOutcome] = useState<SaveOutcome>(null)
  /** Sends the write; `onSaved` once the server has it (the fields then follow the stored values). */
  async function send(write: () => Promise<QueuedWrite>, onSaved: () => void): Promise<void> {
    try {
      const queued = await write()
      // Offline the write waits in this device's queue until the connection returns.
      if (!navigator.onLine) setOutcome('waiting')
      await queued.sent
      onSaved()
      setOutcome('saved')
    } catch (saveError) {
      console.warn(`${what} could not be saved`, saveError)
      setOutcome('refused')
    }
  }
  return { outcome, setOutcome, send }
}

/** What became of the last save: a status line, and an alert when refused ('{what} could not be saved…'). */
export function SaveOutcomeText({ outcome, what }: { readonly outcome: SaveOutcome; readonly what: string }) {
  return (
    <>
      <p role="status" className="centre-muted">
        {outcome === 'saved'
          ? 'Saved.'
          : outcome === 'waiting'
            ? 'Kept on this device; sent when the connection returns.'
            : ''}
      </p>
      {outcome === 'refused' && (
        <p className="notice notice--error" role="alert">
          {what} could not be saved. Please sign in again or try later.
        </p>
      )}
    </>
  )
}
