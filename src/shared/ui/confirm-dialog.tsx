// Every question the app asks (delete a child, sign out with unsent changes, delete my account) is this
// one dialog: the native <dialog> opened with showModal(), so the page behind is inert and the browser
// gives it the dialog role; focus starts inside, Tab stays inside, Escape cancels, and focus goes back
// where it was. docs/decisions/0015-one-dialog-404-and-install-offer.md.
import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react'
import './confirm-dialog.css'

export interface ConfirmDialogProps {
  readonly title: string
  /** What is asked, and what follows from each answer. */
  readonly children: ReactNode
  /** The answers (buttons), unless the children hold them (a form). The element marked `data-autofocus`
   * gets focus first, else the first focusable one. */
  readonly actions?: ReactNode
  /** Escape, and the dialog's own Cancel. */
  readonly onCancel: () => void
  /** While an answer is being carried out: Escape does nothing. */
  readonly busy?: boolean
  /** Where focus goes on closing if the element that had it is gone (a deleted child's button). */
  readonly returnFocus?: () => HTMLElement | null | undefined
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Shown while mounted: render it when the question is asked, remove it to close it. */
export function ConfirmDialog({
  title,
  children,
  actions,
  onCancel,
  busy = false,
  returnFocus,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const bodyId = useId()
  // The latest props, for the effect that runs once.
  const latest = useRef({ returnFocus })
  latest.current = { returnFocus }

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // jsdom has no showModal(): the dialog is then merely open.
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0]
    first?.focus()
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close()
      // The opener may be gone (a deleted child's button) or have let focus go (a button disabled while
      // the question was prepared).
      const target =
        opener && opener !== document.body && opener.isConnected ? opener : latest.current.returnFocus?.()
      // After React has removed the dialog: the page behind is no longer inert then.
      queueMicrotask(() => target?.focus())
    }
  }, [])

  function onKeyDown(event: ReactKeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return
    const dialog = ref.current
    if (!dialog) return
    const items = focusables(dialog)
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    // Chromium lets Tab leave a modal dialog for the browser's own toolbar: keep it inside.
    if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      // A question that needs an answer: read out at once, with its explanation.
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: the dialog is closed by React (unmounted), never by the browser behind its back.
        event.preventDefault()
        if (!busy) onCancel()
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <div id={bodyId} className="confirm-dialog__body">
        {children}
      </div>
      {actions ? <div className="confirm-dialog__actions">{actions}</div> : null}
    </dialog>
  )
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.hidden)
}
