/** Moves focus to a form's field by name, so after a failed submit the first error is where the user is. */
export function focusField(form: HTMLFormElement, name: string) {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
