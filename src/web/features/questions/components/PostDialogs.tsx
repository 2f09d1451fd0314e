import { Suspense, useCallback, useState, type ReactNode } from 'react';
import type { QuestionSummaryJson } from '../../../../shared/api-types';
import { lazyPart, PartBoundary } from '../../../lib/lazy-part';
import { useSnackbar } from '../../../lib/snackbar';

// Loaded when first used, so a list of posts costs only the cards themselves.
const NewPostDialog = lazyPart(() => import('./NewPostDialog'));
const ShareDialog = lazyPart(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));
const DeletePostDialog = lazyPart(() => import('./DeletePostDialog').then((m) => ({ default: m.DeletePostDialog })));

export type PostDialogKind = 'share' | 'edit' | 'delete';
export type OpenPostDialog = (kind: PostDialogKind, question: QuestionSummaryJson) => void;

interface OpenDialog {
  kind: PostDialogKind;
  /** The post as it was when the dialog opened: what Edit starts from, whatever a refetch brings. */
  question: QuestionSummaryJson;
}

/**
 * A post's Share, Edit and Delete dialogs, held by the list or page that shows the post and not by
 * its card: a refetch can take the card out of the list (a post unbookmarked, or pushed off its
 * page by newer ones) while its dialog is open, and the dialog, with what was typed in it, stays.
 * Returns the open dialog to render and the function that opens one.
 */
export function usePostDialogs(onDeleted?: () => void): [ReactNode, OpenPostDialog] {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const showError = useSnackbar();
  const openDialog = useCallback<OpenPostDialog>((kind, question) => setOpen({ kind, question }), []);
  // Closes this dialog only: a delete answered after its dialog was dismissed closes that dialog,
  // not another post's opened since.
  const shown = open;
  const close = () => setOpen((current) => (current === shown ? null : current));

  let dialog: ReactNode = null;
  if (open?.kind === 'share') {
    dialog = <ShareDialog open onOpenChange={close} questionId={open.question.id} />;
  } else if (open?.kind === 'edit') {
    dialog = <NewPostDialog open onOpenChange={close} question={open.question} />;
  } else if (open?.kind === 'delete') {
    dialog = (
      <DeletePostDialog
        questionId={open.question._id}
        title={open.question.questionTitle}
        onClose={close}
        {...(onDeleted ? { onDeleted } : {})}
      />
    );
  }
  // Keyed by post and kind: another post's dialog starts afresh. One whose code does not
  // download closes and says so, leaving the page as it was.
  const element = dialog && (
    <PartBoundary
      key={`${open?.kind}-${open?.question._id}`}
      onError={() => {
        showError();
        close();
      }}
    >
      <Suspense fallback={null}>{dialog}</Suspense>
    </PartBoundary>
  );
  return [element, openDialog];
}
