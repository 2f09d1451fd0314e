/** Moves focus to a form's field by name, so after a failed submit the first error is where the user is. */
export function focusField(form: HTMLFormElement, name: string) {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}

/** The server's messages for the fields a form has (an error's `fields`), by the fields' names. */
export function messagesFor<Name extends string>(
  fields: Record<string, string>,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  return Object.fromEntries(
    Object.entries(fields).filter(([name]) => (names as readonly string[]).includes(name)),
  ) as Partial<Record<Name, string>>;
}
