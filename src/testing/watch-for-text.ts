// Test helper: whether a text appeared on the page at any moment, however briefly (a flash that a
// check at the end of a flow would miss).

/** Starts watching the page for `text`; the returned function stops and says whether it appeared. */
export function watchForText(text: string): () => boolean {
  let seen = document.body.textContent?.includes(text) ?? false
  const observer = new MutationObserver(() => {
    if (document.body.textContent?.includes(text)) seen = true
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  return () => {
    observer.disconnect()
    return seen
  }
}
