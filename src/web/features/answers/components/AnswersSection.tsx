import { useRef } from 'react';
import type { AnswerJson, QuestionJson } from '../../../../shared/api-types';
import { Button } from '../../../components/Button';
import { StateMessage } from '../../../components/StateMessage';
import { afterDialogsClose } from '../../../lib/after-dialogs-close';
import { lastOfEach } from '../../../lib/last-of-each';
import { usePostedBeyond } from '../../../lib/posted-here';
import { useAnswers } from '../api/get-answers';
import { answerKeys } from '../api/query-keys';
import { AnswerForm } from './AnswerForm';
import { AnswerItem } from './AnswerItem';
import styles from './AnswersSection.module.css';
import { useAnnouncement } from '../../../lib/use-announcement';
import { useFocusAfterLastPage } from '../../../lib/use-focus-after-last-page';

/**
 * 'N Answers', oldest first, a page at a time, then 'Your Answer' (product decision 15). Answers
 * posted here while older ones are still to load come after Load more answers.
 */
export function AnswersSection({ question }: { question: QuestionJson }) {
  const query = useAnswers(question);
  const [announcement, setAnnouncement] = useAnnouncement();
  const heading = useRef<HTMLHeadingElement>(null);
  const pages = query.data?.pages ?? [];
  const answers = lastOfEach(pages.flatMap((page) => page.answers));
  const postedBeyond = usePostedBeyond<AnswerJson>(answerKeys.list(question._id), answers, query.hasNextPage);
  /** When each answer's page was read; an answer on two pages is shown, like this, from the last. */
  const loadedAt = new Map(pages.flatMap((page) => page.answers.map((a) => [a._id, page.loadedAt] as const)));
  const count = Math.max(question.answerCount, answers.length + postedBeyond.length);
  const section = useRef<HTMLElement>(null);
  const loadingMore = useFocusAfterLastPage(query, answers.length, (index) => {
    const items = section.current?.querySelectorAll<HTMLElement>(':scope > ol:first-of-type > li > article') ?? [];
    items[Math.min(index, items.length - 1)]?.focus();
  });

  const onDeleted = () => {
    setAnnouncement('Answer deleted.');
    // The Delete button went with the answer; put keyboard focus back at the list's heading, once
    // the confirming dialog is gone.
    afterDialogsClose(() => heading.current?.focus());
  };
  const answerList = (items: { answer: AnswerJson; loadedAt: number }[]) => (
    <ol className={styles.list}>
      {items.map(({ answer, loadedAt }) => (
        <li key={answer._id}>
          <AnswerItem
            answer={answer}
            loadedAt={loadedAt}
            questionAuthor={question.username}
            announce={setAnnouncement}
            onDeleted={onDeleted}
          />
        </li>
      ))}
    </ol>
  );

  return (
    <>
      <section ref={section} className={styles.section} aria-labelledby="answers-heading">
        <h2 id="answers-heading" ref={heading} className={styles.heading} tabIndex={-1}>
          {count} {count === 1 ? 'Answer' : 'Answers'}
        </h2>
        {answers.length > 0
          ? answerList(answers.map((answer) => ({ answer, loadedAt: loadedAt.get(answer._id) ?? 0 })))
          : !query.hasNextPage && <StateMessage>No answers yet. Be the first to help!</StateMessage>}
        {query.hasNextPage && (
          <div className={styles.more}>
            <Button
              variant="secondary"
              onClick={() => {
                loadingMore(answers.length);
                void query.fetchNextPage();
              }}
              busy={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Load more answers'}
            </Button>
          </div>
        )}
        {postedBeyond.length > 0 &&
          answerList(postedBeyond.map(({ item, postedAt }) => ({ answer: item, loadedAt: postedAt })))}
        {(query.isFetchNextPageError || query.isRefetchError) && (
          <StateMessage tone="error">Some error occurred. Try reloading!</StateMessage>
        )}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </section>
      <AnswerForm questionId={question._id} onAdded={() => setAnnouncement('Answer posted.')} />
    </>
  );
}
