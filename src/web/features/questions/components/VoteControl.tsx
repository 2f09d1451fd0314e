import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { VotesJson } from '../../../../shared/api-types';
import type { Reaction } from '../../../../shared/constants';
import { DownIcon, UpIcon } from '../../../components/icons';
import { useSession } from '../../../lib/auth-store';
import { originOf } from '../../../lib/navigation';
import { reactionFor, votersSummary } from '../../../lib/votes';
import styles from './VoteControl.module.css';

interface VoteControlProps {
  votes: VotesJson;
  /** What is voted on, for screen readers: 'post' or 'answer'. */
  subject: string;
  onReact: (reaction: Reaction) => void;
  disabled?: boolean;
}

/**
 * Up, score (upvotes − downvotes), down. Clicking the side already chosen sends 'unvote'
 * (spec section 4); visitors are sent to sign in and brought back. The score's tooltip names
 * the first voter and how many more.
 */
export function VoteControl({ votes, subject, onReact, disabled }: VoteControlProps) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const score = votes.upvotes - votes.downvotes;
  const tooltipId = useId();
  // Escape hides the tooltip and keeps focus on the score; it shows again once the pointer or
  // focus leaves and comes back.
  const [dismissed, setDismissed] = useState(false);

  const click = (side: 'upvote' | 'downvote') => {
    if (!session) {
      void navigate('/signIn', { state: originOf(location) });
      return;
    }
    onReact(reactionFor(votes.myVote, side));
  };

  return (
    <div className={styles.votes}>
      <button
        type="button"
        className={`${styles.vote} ${votes.myVote === 'upvote' ? styles.up : ''}`}
        aria-pressed={votes.myVote === 'upvote'}
        aria-label={`Upvote ${subject}`}
        onClick={() => click('upvote')}
        disabled={disabled}
      >
        <UpIcon />
      </button>
      {/* A tooltip of CSS: shown on hover and keyboard focus, hidden again by Escape. */}
      <span
        className={styles.scoreWrap}
        data-dismissed={dismissed || undefined}
        onMouseLeave={() => setDismissed(false)}
      >
        <span
          className={styles.score}
          tabIndex={0}
          aria-label={`Score ${score}`}
          aria-describedby={tooltipId}
          onKeyDown={(event) => event.key === 'Escape' && setDismissed(true)}
          onBlur={() => setDismissed(false)}
        >
          {score}
        </span>
        <span role="tooltip" id={tooltipId} className={styles.tooltip}>
          {votersSummary(votes)}
        </span>
      </span>
      <button
        type="button"
        className={`${styles.vote} ${votes.myVote === 'downvote' ? styles.down : ''}`}
        aria-pressed={votes.myVote === 'downvote'}
        aria-label={`Downvote ${subject}`}
        onClick={() => click('downvote')}
        disabled={disabled}
      >
        <DownIcon />
      </button>
    </div>
  );
}
