import * as Popover from '@radix-ui/react-popover';
import type { Ref } from 'react';
import { MAX_TAG_FILTERS } from '../../../../shared/constants';
import { Button } from '../../../components/Button';
import { FilterIcon } from '../../../components/icons';
import styles from './FilterPopover.module.css';

interface FilterPopoverProps {
  tags: readonly string[];
  selected: readonly string[];
  onTagsChange: (tags: string[]) => void;
  sort: 'latest' | 'oldest';
  onSortChange: (sort: 'latest' | 'oldest') => void;
  /** The Filter button, for a page that sends focus to it. */
  triggerRef?: Ref<HTMLButtonElement>;
}

/** 'Filter Posts': tag checkboxes and a 'Sort By' Latest/Oldest choice, at most 400 px tall (spec sections 2, 9). */
export function FilterPopover({ tags, selected, onTagsChange, sort, onSortChange, triggerRef }: FilterPopoverProps) {
  const toggle = (tag: string, on: boolean) =>
    onTagsChange(on ? [...selected, tag] : selected.filter((t) => t !== tag));
  // The server filters by at most MAX_TAG_FILTERS tags; past that only unticking is offered.
  const full = selected.length >= MAX_TAG_FILTERS;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button ref={triggerRef} variant="secondary" size="sm">
          <FilterIcon />
          Filter
          {selected.length > 0 && <span className={styles.count}>({selected.length})</span>}
        </Button>
      </Popover.Trigger>
      {/* Not in a portal: right after its button in the page, so Tab from its last choice goes on
          to what follows the button (the posts), as the keyboard expects, and the popover closes. */}
      <Popover.Content className={styles.content} align="end" sideOffset={6} aria-labelledby="filter-posts-title">
        <h2 id="filter-posts-title" className={styles.title}>
          Filter Posts
        </h2>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Tags</legend>
          {tags.length === 0 ? (
            <p className={styles.none}>No tags on these posts yet.</p>
          ) : (
            tags.map((tag) => (
              <label key={tag} className={styles.option}>
                <input
                  type="checkbox"
                  checked={selected.includes(tag)}
                  disabled={full && !selected.includes(tag)}
                  aria-describedby={full ? 'filter-posts-limit' : undefined}
                  onChange={(event) => toggle(tag, event.currentTarget.checked)}
                />
                {tag}
              </label>
            ))
          )}
          {full && (
            <p id="filter-posts-limit" className={styles.none}>
              At most {MAX_TAG_FILTERS} tags can be filtered at once.
            </p>
          )}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Sort By</legend>
          {(['latest', 'oldest'] as const).map((value) => (
            <label key={value} className={styles.option}>
              <input
                type="radio"
                name="feed-sort"
                value={value}
                checked={sort === value}
                onChange={() => onSortChange(value)}
              />
              {value === 'latest' ? 'Latest' : 'Oldest'}
            </label>
          ))}
        </fieldset>
      </Popover.Content>
    </Popover.Root>
  );
}
