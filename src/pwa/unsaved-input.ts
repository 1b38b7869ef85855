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
