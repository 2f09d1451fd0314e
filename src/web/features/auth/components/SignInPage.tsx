import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth-store';
import { destinationAfterSignIn } from '../../../lib/navigation';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from './AuthCard';
import styles from './AuthForm.module.css';
import { FormBanner } from '../../../components/FormBanner';
import { focusField } from '../../../lib/form-fields';
import { showsSomething } from '../../../../shared/schemas/text';

type Field = 'username' | 'password';

/** /signIn: username and password, or the shared guest account; then back to where the visitor was. */
export default function SignInPage() {
  const session = useSession();
  const location = useLocation();
  const signIn = useSignIn();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  // Signing in stores the session, which re-renders this page into the redirect; a visitor who
  // is already signed in goes the same way.
  if (session) return <Navigate to={destinationAfterSignIn(location.state)} replace />;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    // The last attempt's banner answers what was sent then; this attempt gets its own answer.
    signIn.reset();
    const form = event.currentTarget;
    const found: Partial<Record<Field, string>> = {};
    if (!showsSomething(values.username)) found.username = messages.requiredField;
    if (!values.password) found.password = messages.requiredField;
    setErrors(found);
    const firstInvalid = (['username', 'password'] as const).find((field) => found[field]);
    if (firstInvalid) {
      focusField(form, firstInvalid);
      return;
    }
    signIn.mutate({ username: values.username.trim(), password: values.password });
  };

  return (
    <AuthCard
      title="Sign In"
      subtitle="Welcome back! Sign in to ask, answer and follow fellow bakers."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/signUp" state={location.state}>
            Sign up
          </Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Sign in">
        <FormBanner message={signIn.isError ? errorMessage(signIn.error) : null} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(event) => change('username', event.target.value)}
          error={errors.username}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          error={errors.password}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={signIn.isPending}>
            {signIn.isPending && signIn.variables ? 'Signing in…' : 'Sign In'}
          </Button>
          <p className={styles.divider}>or</p>
          <Button variant="secondary" busy={signIn.isPending} onClick={() => signIn.mutate(null)}>
            {signIn.isPending && !signIn.variables ? 'Signing in…' : 'Sign in as guest'}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
