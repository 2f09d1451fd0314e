import type { useInlineEdit } from '../lib/use-inline-edit';
import { Button } from './Button';
import styles from './InlineEditForm.module.css';
import { TextField } from './TextField';

interface InlineEditFormProps {
  editing: Omit<ReturnType<typeof useInlineEdit>, 'editButton'>;
  label: string;
  rows: number;
  maxLength: number;
  saving: boolean;
  className?: string | undefined;
}

/** The box an answer or comment turns into while its author edits it: Cancel (or Escape) and Save. */
export function InlineEditForm({ editing, label, rows, maxLength, saving, className }: InlineEditFormProps) {
  return (
    <form className={className} onSubmit={editing.submit} noValidate>
      <TextField
        multiline
        rows={rows}
        label={label}
        value={editing.draft ?? ''}
        maxLength={maxLength}
        error={editing.error}
        autoFocus
        onChange={(event) => editing.setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') editing.cancel();
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
