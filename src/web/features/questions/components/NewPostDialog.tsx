import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { QuestionSummaryJson } from '../../../../shared/api-types';
import { MAX_TAGS, QUESTION_TEXT_MAX, TITLE_MAX } from '../../../../shared/constants';
import { messages } from '../../../../shared/messages';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/TextField';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { messagesFor } from '../../../lib/form-fields';
import { useSession } from '../../../lib/auth-store';
import { keepDraft, peekKeptDraft, sessionHadEnded, useKeptForm } from '../../../lib/kept-drafts';
import { originOf } from '../../../lib/navigation';
import { useSnackbar } from '../../../lib/snackbar';
import { useLeaveWarning } from '../../../lib/use-leave-warning';
import { NEW_POST_DRAFT, useAddQuestion, type QuestionData } from '../api/add-question';
import { POST_EDIT_DRAFT, useEditQuestion, type KeptPostEdit } from '../api/edit-question';
import styles from './NewPostDialog.module.css';
import { TagPicker } from './TagPicker';
import { requiredTextProblem } from '../../../../shared/schemas/text';

export interface NewPostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** When given, the dialog edits this post instead of creating one. */
  question?: QuestionSummaryJson;
}

type Field = keyof QuestionData;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['questionTitle', 'questionText', 'tags'];

function initialValues(question?: QuestionSummaryJson): QuestionData {
  return {
    questionTitle: question?.questionTitle ?? '',
    questionText: question?.questionText ?? '',
    tags: question ? [...question.tags] : [],
  };
}

/**
 * The spec's rules (title and description required, at most three tags, none is fine) and the
 * server's lengths of title and description, counted as the server counts them.
 */
function validate(values: QuestionData): FieldErrors {
  const errors: FieldErrors = {};
  const title = requiredTextProblem(values.questionTitle, TITLE_MAX, 'line');
  if (title) errors.questionTitle = title;
  const text = requiredTextProblem(values.questionText, QUESTION_TEXT_MAX, 'lines');
  if (text) errors.questionText = text;
  if (values.tags.length > MAX_TAGS) errors.tags = messages.tooManyTags;
  return errors;
}

/** What New Post keeps when its author's session ends: its values; Edit Post: its values and the post. */
type KeptPost = QuestionData | KeptPostEdit;

const keptData = (kept: KeptPost) => ('questionData' in kept ? kept.questionData : kept);

/** Whether `kept` is this dialog's: an edit is kept for one post at a time. */
const isKeptFor = (question?: QuestionSummaryJson) => (kept: KeptPost) =>
  !question || ('question' in kept && kept.question._id === question._id);

/** What `author` typed in New Post, or in Edit Post for `question`, when their session ended. */
function keptValues(author: string, question?: QuestionSummaryJson): QuestionData | undefined {
  if (!author) return undefined;
  const kept = peekKeptDraft<KeptPost>(author, question ? POST_EDIT_DRAFT : NEW_POST_DRAFT);
  return kept && isKeptFor(question)(kept) ? keptData(kept) : undefined;
}

/** New Post (or Edit Post when `question` is given): title, description and up to three tags. */
export default function NewPostDialog({ open, onOpenChange, question }: NewPostDialogProps) {
  const session = useSession();
  const showSnackbar = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const username = session?.user.username;
  /**
   * Whose the text is: the signed-in baker's. While nobody is signed in (another tab signed out),
   * it stays the last one's, on screen, since nobody can send it then: Post keeps it for them and
   * leads to sign-in, and a guard that sends them there keeps it too (decision 29).
   */
  const [author, setAuthor] = useState(username ?? '');
  /** Tag text typed but not yet added: a change like any other. */
  const [tagDraft, setTagDraft] = useState('');
  if (username && username !== author) {
    setAuthor(username);
    // A tag half typed goes too: the picker is keyed by author.
    setTagDraft('');
  }
  const add = useAddQuestion(author);
  const edit = useEditQuestion();
  // What was typed when the author's session ended comes back once they have signed in again
  // (shown at once, then no longer kept by useKeptForm).
  const [values, setValues] = useState<QuestionData>(() => keptValues(author, question) ?? initialValues(question));
  const [errors, setErrors] = useState<FieldErrors>({});
  const changed = JSON.stringify(values) !== JSON.stringify(initialValues(question));
  // As in every draft box (lib/kept-drafts.ts): when someone else signs in, the dialog is emptied,
  // so the author's text is never sent as theirs (nor shown: it is dropped, decision 29); when the
  // dialog goes while its author is signed out, their text is kept for their return.
  useKeptForm<KeptPost>(
    author,
    question ? POST_EDIT_DRAFT : NEW_POST_DRAFT,
    !changed ? undefined : question ? { question, questionData: values } : values,
    (kept) => {
      setValues(kept ? keptData(kept) : initialValues(question));
      setErrors({});
    },
    isKeptFor(question),
  );
  // Only its author may edit a post: Edit Post goes when someone else signs in.
  useEffect(() => {
    if (question && question.username !== author) onOpenChange(false);
  }, [question, author, onOpenChange]);
  const pending = add.isPending || edit.isPending;
  // A save started offline waits for the connection (TanStack Query pauses it): the reader may
  // still close the dialog then; the post goes out when the connection is back.
  const locked = pending && !add.isPaused && !edit.isPaused;

  const change = <F extends Field>(field: F, value: QuestionData[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const dirty = tagDraft.trim() !== '' || changed;
  // New Post belongs to the layout and stays open from page to page; Edit Post goes with its page.
  useLeaveWarning(dirty, { keptAcrossPages: !question });

  const close = () => {
    // Closed while saving, the dialog would be gone before the answer: a failure could not be
    // shown, and the text would be lost with it.
    if (locked) return;
    setValues(initialValues(question));
    setErrors({});
    onOpenChange(false);
  };

  /** The session ended: the dialog closes and the author goes to sign in, then back here to it. */
  const signInAgain = () => {
    showSnackbar(messages.sessionEnded);
    setValues(initialValues(question));
    setErrors({});
    onOpenChange(false);
    void navigate('/signIn', { state: originOf(location) });
  };

  const onError = (error: Error) => {
    if (sessionHadEnded(error)) {
      signInAgain();
      return;
    }
    const fieldErrors = error instanceof ApiError ? messagesFor(error.fields, FIELDS) : {};
    if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
    else showSnackbar(errorMessage(error));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[data-field="${firstInvalid}"] :is(input, textarea)`)?.focus();
      return;
    }
    const questionData: QuestionData = {
      questionTitle: values.questionTitle.trim(),
      questionText: values.questionText.trim(),
      tags: values.tags,
    };
    if (!session) {
      // Signed out meanwhile (in another tab, say): kept, as when the server says the session ended.
      if (question) keepDraft(author, POST_EDIT_DRAFT, { question, questionData } satisfies KeptPostEdit);
      else keepDraft(author, NEW_POST_DRAFT, questionData);
      signInAgain();
    } else if (question) edit.mutate({ question, questionData, author }, { onSuccess: close, onError });
    else {
      // The page behind may not list the new post (a question page, Bookmarks, another
      // category): without a word, the author would take it for lost and post it again.
      const added = () => {
        close();
        showSnackbar('Post added.');
      };
      add.mutate({ questionData, author }, { onSuccess: added, onError });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={question ? 'Edit Post' : 'New Post'}
      keepOnOutsidePress={dirty || locked}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <div data-field="questionTitle">
          <TextField
            label="Post Title"
            name="questionTitle"
            value={values.questionTitle}
            onChange={(event) => change('questionTitle', event.target.value)}
            error={errors.questionTitle}
          />
        </div>
        <div data-field="questionText">
          <TextField
            label="Description"
            name="questionText"
            multiline
            rows={6}
            value={values.questionText}
            onChange={(event) => change('questionText', event.target.value)}
            error={errors.questionText}
          />
        </div>
        <div data-field="tags">
          <TagPicker
            key={author}
            label="Tags"
            placeholder="Choose 3 tags"
            tags={values.tags}
            onChange={(tags) => change('tags', tags)}
            onDraftChange={setTagDraft}
            error={errors.tags}
          />
        </div>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={close} disabled={locked}>
            Cancel
          </Button>
          <Button type="submit" busy={pending}>
            {question ? (pending ? 'Saving…' : 'Save') : pending ? 'Posting…' : 'Post'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
