import { limitCharacters } from '../lib/character-limit';
import { isComposing } from '../lib/composing';
import type { useInlineEdit } from '../lib/use-inline-edit';
import { Button } from './Button';
import styles from './InlineEditForm.module.css';
import { TextField } from './TextField';

interface InlineEditFormProps {
  editing: Omit<ReturnType<typeof useInlineEdit>, 'editButton'>;
  label: string;
  rows: number;
  /** The most characters the text may have (code points, as the server counts). */
  maxCharacters: number;
  saving: boolean;
  className?: string | undefined;
}

/** The box an answer or comment turns into while its author edits it: Cancel (or Escape) and Save. */
export function InlineEditForm({ editing, label, rows, maxCharacters, saving, className }: InlineEditFormProps) {
  return (
    <form className={className} onSubmit={editing.submit} noValidate>
      <TextField
        multiline
        rows={rows}
        label={label}
        value={editing.draft ?? ''}
        error={editing.error}
        autoFocus
        onChange={(event) => editing.setText(limitCharacters(editing.draft ?? '', event.target.value, maxCharacters))}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !isComposing(event.nativeEvent)) editing.cancel();
        }}
      />
      <div className={styles.buttons}>
        <Button variant="ghost" size="sm" onClick={editing.cancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" busy={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
