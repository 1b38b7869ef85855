// What the outbox sender tells the screens: its events and its work on each submission now. A leaf
// module: the sender and its hand-off both speak these without importing each other.

export type SenderEvent =
  | { readonly type: 'progress'; readonly submissionId: string; readonly fraction: number }
  | { readonly type: 'handedOff'; readonly submissionId: string }
  | { readonly type: 'saved'; readonly submissionId: string }
  | { readonly type: 'retrying'; readonly submissionId: string; readonly error: string; readonly at: number }
  | { readonly type: 'failed'; readonly submissionId: string; readonly error: string }

/** What the sender is doing for a submission right now (this tab), for the screens. */
export interface Activity {
  readonly uploaded: number
  readonly total: number
  /** Of the photo on its way, 0 to 1. */
  readonly fraction: number
}
