// The update prompt and the install offer: loaded only when one of them has something to show, so
// the code is not part of every page's first load (app-status.tsx places them).
import { useState, useSyncExternalStore } from 'react'
import { siteConfig } from '#shared/config/site-config'
import { canInstall, install, subscribeInstall } from './install-prompt'
import { applyUpdate, subscribeUpdate, updateWaiting } from './sw-update'

const DISMISSED_KEY = 'sunbeam-install-dismissed'
const never = () => false

export function installDismissed(): boolean {
  return localStorage.getItem(DISMISSED_KEY) === '1'
}

export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, never)
  if (!waiting) return null
  const reload = () => {
    // Reloading is always the parent's choice; warn before it throws away what they typed.
    if (hasUnsavedInput() && !window.confirm('Reload now? What you typed in the form will be lost.')) return
    applyUpdate()
  }
  return (
    <div className="app-status__card">
      <span>A new version of {siteConfig.shortName} is ready</span>
      <button type="button" className="button button--primary app-status__action" onClick={reload}>
        Reload
      </button>
    </div>
  )
}

/** `offer`: the parent has seen enough of the site to be asked (see notePageView). */
export function InstallOffer({ ios, offer }: { ios: boolean; offer: boolean }) {
  const installable = useSyncExternalStore(subscribeInstall, canInstall, never)
  const [dismissed, setDismissed] = useState(installDismissed)
  if (!offer || dismissed || (!installable && !ios)) return null
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1')
    setDismissed(true)
  }
  return (
    <div className="app-status__card">
      {installable ? (
        <>
          <span>Add {siteConfig.shortName} to your home screen: it works offline too.</span>
          <button
            type="button"
            className="button button--primary app-status__action"
            onClick={() => void install()}
          >
            Install app
          </button>
        </>
      ) : (
        <span>
          To install {siteConfig.shortName}, tap the Share button, then <strong>Add to Home Screen</strong>.
        </span>
      )}
      <button type="button" className="button button--ghost app-status__action" onClick={dismiss}>
        Not now
      </button>
    </div>
  )
}

/** True when a form on the page holds input the parent has typed or chosen and not yet sent. */
export function hasUnsavedInput(root: ParentNode = document): boolean {
  for (const field of root.querySelectorAll('form input, form textarea, form select')) {
    if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') {
        if (field.checked !== field.defaultChecked) return true
      } else if (field.type === 'file') {
        if ((field.files?.length ?? 0) > 0) return true
      } else if (field.value !== field.defaultValue) return true
    } else if (field instanceof HTMLTextAreaElement) {
      if (field.value !== field.defaultValue) return true
    } else if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) return true
    }
  }
  return false
}
