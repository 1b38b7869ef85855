// The add/edit form's submission state (busy, what it is doing, upload progress) as one reducer, and
// the full-screen overlay that shows it while the submission is being sent.

export interface SubmitProgress {
  /** The form is inert and the overlay shows. The form starts with it false. */
  readonly busy: boolean
  readonly phase: string
  /** Upload progress in whole percent; null until the first report (the bar is hidden). */
  readonly progress: number | null
}

export type SubmitProgressAction =
  | { readonly type: 'started'; readonly phase: string }
  | { readonly type: 'progressed'; readonly fraction: number }
  | { readonly type: 'failed' }

export const IDLE: SubmitProgress = { busy: false, phase: '', progress: null }

export function submitProgress(state: SubmitProgress, action: SubmitProgressAction): SubmitProgress {
  switch (action.type) {
    case 'started':
      return { busy: true, phase: action.phase, progress: null }
    case 'progressed':
      return { ...state, progress: Math.round(action.fraction * 100) }
    case 'failed':
      // The form is usable again; phase and progress stay (unseen) until the next start resets them.
      return { ...state, busy: false }
  }
}

export function SubmitOverlay({ state }: { readonly state: SubmitProgress }) {
  if (!state.busy) return null
  return (
    <div className="kid-overlay">
      <div className="kid-overlay-box" role="status" aria-live="polite">
        <span className="kid-spinner" aria-hidden="true" />
        <p>{state.phase}</p>
        {state.progress !== null && (
          <>
            <progress max={100} value={state.progress} aria-label="Upload progress" />
            <p>{state.progress}%</p>
          </>
        )}
      </div>
    </div>
  )
}
