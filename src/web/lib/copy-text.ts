/**
 * Copies text. The Clipboard API needs a secure context, so on plain http (product decision 17) it
 * falls back to selecting the given input and the older copy command.
 */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: try the fallback.
    }
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
