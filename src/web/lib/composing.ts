/**
 * Whether a key press belongs to an input method's composition (Japanese, Chinese, Korean): the
 * Enter that confirms a conversion and the Escape that cancels one are the input method's, not a
 * command to pick a tag, end an edit or close a dialog. Safari sends that Enter with `isComposing`
 * false, but with the key code 229 that marks such presses.
 */
export const isComposing = (event: KeyboardEvent) => event.isComposing || event.keyCode === 229;
