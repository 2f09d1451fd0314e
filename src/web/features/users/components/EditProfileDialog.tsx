import { useState, type FormEvent } from 'react';
import type { UserJson } from '../../../../shared/api-types';
import { messages } from '../../../../shared/messages';
import { newPassword } from '../../../../shared/schemas/auth';
import { userDataSchema } from '../../../../shared/schemas/users';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { focusField, messagesFor } from '../../../lib/form-fields';
import { useLeaveWarning } from '../../../lib/use-leave-warning';
import { useEditUser } from '../api/edit-user';
import styles from './EditProfileDialog.module.css';

interface Values {
  firstName: string;
  lastName: string;
  bio: string;
  password: string;
  currentPassword: string;
}

type Field = keyof Values;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['firstName', 'lastName', 'bio', 'password', 'currentPassword'];

/** What was typed in a save that failed, but the passwords, which are never kept. */
export type ProfileDraft = Pick<Values, 'firstName' | 'lastName' | 'bio'>;

interface EditProfileDialogProps {
  user: UserJson;
  /** What a failed save had typed, to start from instead of the stored profile. */
  draft?: ProfileDraft | null;
  /** Saved, or closed without saving. */
  onClose: () => void;
  /**
   * A failure that is not about one field: the profile page closes the dialog, shows the failure
   * (spec section 8) and keeps what was typed for the next time the dialog opens.
   */
  onFailed: (message: string, draft: ProfileDraft) => void;
}

/** The names and bio as the server checks them: required, at most 50 and 500 characters, one line for a name. */
const profileText = userDataSchema.pick({ firstName: true, lastName: true, bio: true });

function validate(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  const checked = profileText.safeParse(values);
  for (const issue of checked.error?.issues ?? []) {
    const name = issue.path[0] as Field;
    errors[name] ??= issue.message;
  }
  if (values.password) {
    if (!newPassword(messages.requiredField).safeParse(values.password).success) {
      errors.password = messages.passwordLength;
    }
    if (!values.currentPassword) errors.currentPassword = messages.currentPasswordRequired;
  }
  return errors;
}

/**
 * Edit Profile: names, bio and, optionally, a new password (blank keeps the current one; a new
 * one needs the current one). Field problems stay in the dialog to be fixed; any other failure
 * closes it and shows on the profile page, and what was typed comes back when it opens again.
 */
export function EditProfileDialog({ user, draft, onClose, onFailed }: EditProfileDialogProps) {
  const editUser = useEditUser();
  const [values, setValues] = useState<Values>({
    firstName: draft?.firstName ?? user.firstName,
    lastName: draft?.lastName ?? user.lastName,
    bio: draft?.bio ?? user.bio,
    password: '',
    currentPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const changingPassword = values.password !== '';
  const dirty =
    values.firstName !== user.firstName ||
    values.lastName !== user.lastName ||
    values.bio !== user.bio ||
    changingPassword ||
    values.currentPassword !== '';
  useLeaveWarning(dirty);
  // Closed while saving, the dialog would be gone before the answer, and a failure with it; a
  // save waiting for the connection (paused offline) may be left to go out on its own.
  const locked = editUser.isPending && !editUser.isPaused;
  const close = () => {
    if (!locked) onClose();
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      focusField(form, firstInvalid);
      return;
    }
    const userData = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      bio: values.bio.trim(),
      ...(changingPassword ? { password: values.password, currentPassword: values.currentPassword } : {}),
    };
    editUser.mutate(
      { userData, sender: user.username },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? messagesFor(error.fields, FIELDS) : {};
          const first = FIELDS.find((field) => fieldErrors[field]);
          if (first) {
            setErrors(fieldErrors);
            focusField(form, first);
          } else {
            onFailed(errorMessage(error), { firstName: values.firstName, lastName: values.lastName, bio: values.bio });
          }
        },
      },
    );
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return (
    <Dialog open onOpenChange={(open) => !open && close()} title="Edit Profile" keepOnOutsidePress={dirty || locked}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.row}>
          <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Bio" multiline rows={3} {...field('bio')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="A new password of at least 8 characters. Leave blank to keep your current one."
          {...field('password')}
        />
        {changingPassword && (
          <TextField
            label="Current Password"
            type="password"
            autoComplete="current-password"
            hint="Needed to set a new password."
            {...field('currentPassword')}
          />
        )}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={close} disabled={locked}>
            Cancel
          </Button>
          <Button type="submit" busy={editUser.isPending}>
            {editUser.isPending ? 'Updating…' : 'Update'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
