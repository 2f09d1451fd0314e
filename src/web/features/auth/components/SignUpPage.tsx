import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { signupBody } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-store';
import { destinationAfterSignIn } from '../../../lib/navigation';
import { useMeta } from '../api/get-meta';
import { useSignUp, type SignUpData } from '../api/sign-up';
import { AuthCard } from './AuthCard';
import styles from './AuthForm.module.css';
import { FormBanner } from '../../../components/FormBanner';
import { focusField } from '../../../lib/form-fields';
import { sampleSignUp } from './test-data';

type Field = keyof SignUpData;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['firstName', 'lastName', 'username', 'password', 'bio'];
const EMPTY: SignUpData = { firstName: '', lastName: '', username: '', password: '', bio: '' };

/** Checks the form with the server's own rules and messages; the first problem of each field. */
function validate(values: SignUpData): FieldErrors {
  const result = signupBody.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** /signUp: a new account, signed in at once, then back to where the visitor was. */
export default function SignUpPage() {
  const session = useSession();
  const location = useLocation();
  const meta = useMeta();
  const signUp = useSignUp();
  const [values, setValues] = useState<SignUpData>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  if (session) return <Navigate to={destinationAfterSignIn(location.state)} replace />;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const fillTestData = () => {
    setValues(sampleSignUp());
    setErrors({});
    signUp.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signUp.isPending) return;
    // The last attempt's banner answers what was sent then; this attempt gets its own answer.
    signUp.reset();
    const form = event.currentTarget;
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      focusField(form, firstInvalid);
      return;
    }
    signUp.mutate(
      {
        ...values,
        username: values.username.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      },
      {
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const fieldErrors = Object.fromEntries(
            Object.entries(error.fields).filter(([field]) => (FIELDS as readonly string[]).includes(field)),
          ) as FieldErrors;
          setErrors(fieldErrors);
          const first = FIELDS.find((field) => fieldErrors[field]);
          if (first) focusField(form, first);
        },
      },
    );
  };

  // Field problems the server found show under their fields; anything else goes in the banner.
  const { error } = signUp;
  const fieldErrorFromServer = error instanceof ApiError && FIELDS.some((name) => name in error.fields);
  const banner = error && !fieldErrorFromServer ? errorMessage(error) : null;
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Join bakers around the world and take your baking to the next level."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/signIn" state={location.state}>
            Sign in
          </Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign up">
        <FormBanner message={banner} />
        <div className={styles.row}>
          <TextField label="First Name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3 to 30 characters: a letter, then letters, digits, dots, hyphens or underscores"
          {...field('username')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          {...field('password')}
        />
        <TextField label="Bio (optional)" multiline rows={3} {...field('bio')} />
        <div className={styles.actions}>
          <Button type="submit" busy={signUp.isPending}>
            {signUp.isPending ? 'Creating your account…' : 'Create Account'}
          </Button>
          {meta.data?.demoData && (
            <Button variant="ghost" onClick={fillTestData}>
              FILL UP TEST DATA
            </Button>
          )}
        </div>
      </form>
    </AuthCard>
  );
}
