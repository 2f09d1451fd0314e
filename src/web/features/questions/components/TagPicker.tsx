import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_TAG_LENGTH, MAX_TAGS, TAG_OPTIONS } from '../../../../shared/constants';
import { CloseIcon } from '../../../components/icons';
import { limitCharacters } from '../../../lib/character-limit';
import { isComposing } from '../../../lib/composing';
import styles from './TagPicker.module.css';
import { showsSomething } from '../../../../shared/schemas/text';
import { tagKey } from '../../../../shared/folded-text';

interface TagPickerProps {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  /** Told the text typed and not yet added, as it changes. */
  onDraftChange?: (text: string) => void;
  error?: string | undefined;
  placeholder?: string;
}

interface Option {
  value: string;
  /** Typed text that is not a tag yet: choosing it adds it. */
  isNew: boolean;
}

const sameTag = (a: string, b: string) => tagKey(a) === tagKey(b);

/** Pixels between the field and its list (the stylesheet's --space-1). */
const LIST_GAP = 4;

/**
 * The offered tags matching the typed text, plus the typed text itself: as a new tag, or as the
 * already chosen tag it names. An exact match comes first, then the offered tags the text begins
 * (`cookie` is most likely Cookies, and a near twin of a category's tag would keep the post out
 * of it), then the typed text as it is, then the offered tags that merely hold it (`read` is not
 * Breads). Enter takes the first.
 */
function optionsFor(text: string, tags: readonly string[]): Option[] {
  const typed = text.trim();
  const needle = typed.toLowerCase();
  const offered = (value: string): Option => ({ value, isNew: false });
  const matching = TAG_OPTIONS.filter((tag) => tag.toLowerCase().includes(needle));
  const exact = matching.filter((tag) => sameTag(tag, typed));
  const beginning = matching.filter((tag) => !sameTag(tag, typed) && tag.toLowerCase().startsWith(needle));
  const inside = matching.filter((tag) => !tag.toLowerCase().startsWith(needle));
  if (!showsSomething(typed) || exact.length > 0) return [...exact, ...beginning, ...inside].map(offered);
  const chosen = tags.find((tag) => sameTag(tag, typed));
  if (chosen) return [chosen, ...beginning, ...inside].map(offered);
  return [...beginning.map(offered), { value: typed, isNew: true }, ...inside.map(offered)];
}

/** The part of the screen `element` can show: its nearest scrolling or clipping box, within the window. */
function visibleBounds(element: HTMLElement): { top: number; bottom: number } {
  for (let box = element.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).overflowY === 'visible') continue;
    const rect = box.getBoundingClientRect();
    return { top: Math.max(rect.top, 0), bottom: Math.min(rect.bottom, window.innerHeight) };
  }
  return { top: 0, bottom: window.innerHeight };
}

/** The top of the first element after `element`, or of its nearest container's, on screen: what a list below it would cover. */
function topOfWhatFollows(element: HTMLElement): number {
  for (let box: HTMLElement | null = element; box && box !== document.body; box = box.parentElement) {
    const next = box.nextElementSibling;
    if (next) return next.getBoundingClientRect().top;
  }
  return Infinity;
}

/**
 * A multi-select combobox for a post's tags (ARIA combobox with a listbox): the offered tags, or
 * any typed text added with Enter. Selected tags show as removable chips; Backspace in the empty
 * input removes the last one. Focus stays in the input; the highlighted option is announced
 * through aria-activedescendant.
 */
export function TagPicker({ label, tags, onChange, onDraftChange, error, placeholder }: TagPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [text, setTextState] = useState('');
  const setText = (value: string) => {
    setTextState(value);
    onDraftChange?.(value);
  };
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const options = optionsFor(text, tags);
  const listShown = open && options.length > 0;
  const [listAbove, setListAbove] = useState(false);

  // The list opens below the field when it fits before what follows the field (Cancel and Post,
  // which it would cover: a tap meant for Post would pick a tag instead) and before the dialog's
  // edge (which would cut it off); otherwise above, where there is more room.
  useLayoutEffect(() => {
    const shown = list.current;
    const anchor = shown?.parentElement;
    if (!listShown || !shown || !anchor) return;
    const bounds = visibleBounds(anchor);
    const field = anchor.getBoundingClientRect();
    const next = root.current ? topOfWhatFollows(root.current) : Infinity;
    const needed = shown.offsetHeight + LIST_GAP;
    const below = Math.min(bounds.bottom, next) - field.bottom;
    const above = field.top - bounds.top;
    setListAbove(needed > below && above > below);
  }, [listShown, options.length]);
  const activeOption = open ? options[active] : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  // The dialog around this picker closes on Escape, listening on the document in the capture
  // phase. While the list is open, Escape should only close the list, so it is claimed earlier,
  // on the window.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== input.current || isComposing(event)) return;
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [open]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const isSelected = (value: string) => tags.some((tag) => sameTag(tag, value));

  const toggle = (value: string) => {
    const next = isSelected(value) ? tags.filter((tag) => !sameTag(tag, value)) : [...tags, value];
    onChange(next);
    setText('');
    setActive(-1);
    // With as many tags as a post may have, the list closes: it lies over the dialog's buttons,
    // and Post is what comes next. A click in the field, or Arrow Down, opens it again.
    if (next.length >= MAX_TAGS) setOpen(false);
  };

  const remove = (value: string) => {
    onChange(tags.filter((tag) => tag !== value));
    input.current?.focus();
  };

  const move = (step: number) => {
    if (!open) setOpen(true);
    if (options.length === 0) return;
    setActive((current) => {
      if (current < 0) return step > 0 ? 0 : options.length - 1;
      return (current + step + options.length) % options.length;
    });
  };

  /** Text typed but not yet added is added on leaving the field (for Post, say), as Enter would add it. */
  const addTyped = () => {
    const typed = text.trim() ? (activeOption ?? options[0]) : undefined;
    if (typed && !isSelected(typed.value)) onChange([...tags, typed.value]);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isComposing(event.nativeEvent)) return;
    switch (event.key) {
      case 'Tab':
        // Added before focus moves on: added on blur, the new chip would be drawn while focus is
        // between elements, and the dialog would take focus back to itself instead of Cancel.
        addTyped();
        setOpen(false);
        setActive(-1);
        break;
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Home':
      case 'End':
        if (!open || options.length === 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : options.length - 1);
        break;
      case 'Enter': {
        // Enter picks a tag here; it never submits the post.
        event.preventDefault();
        const chosen = activeOption ?? (text.trim() ? options[0] : undefined);
        if (chosen) toggle(chosen.value);
        break;
      }
      case 'Backspace':
        if (text === '' && tags.length > 0) {
          event.preventDefault();
          onChange(tags.slice(0, -1));
        }
        break;
      default:
    }
  };

  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(' ');

  return (
    <div ref={root} className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.anchor}>
        <div
          className={`${styles.control} ${error ? styles.invalid : ''}`}
          onMouseDown={(event) => {
            // A click anywhere in the box (between chips too) puts the caret in the input.
            if (event.target === event.currentTarget) {
              event.preventDefault();
              input.current?.focus();
              setOpen(true);
            }
          }}
        >
          {tags.length > 0 && (
            <ul className={styles.chips} aria-label="Selected tags">
              {tags.map((tag) => (
                <li key={tag} className={styles.chip}>
                  <span>{tag}</span>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={`Remove ${tag}`}
                    onClick={() => remove(tag)}
                  >
                    <CloseIcon width="14" height="14" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            ref={input}
            id={inputId}
            className={styles.input}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeOption ? optionId(active) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            placeholder={tags.length === 0 ? placeholder : undefined}
            value={text}
            onChange={(event) => {
              const typed = limitCharacters(text, event.target.value, MAX_TAG_LENGTH);
              setText(typed);
              setOpen(true);
              setActive(typed.trim() ? 0 : -1);
            }}
            onKeyDown={onKeyDown}
            onClick={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
              // The window losing focus (another app or tab) is not leaving the field: the field
              // stays the page's active element then.
              if (document.activeElement === input.current) return;
              addTyped();
            }}
          />
        </div>
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={label}
          className={`${styles.list} ${listAbove ? styles.above : ''}`}
          hidden={!listShown}
        >
          {options.map((option, index) => {
            const selected = !option.isNew && isSelected(option.value);
            return (
              <li
                key={`${option.isNew ? 'new' : 'tag'}-${option.value}`}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                className={`${styles.option} ${index === active ? styles.active : ''}`}
                // Keeps focus in the input, so the list stays open for the next pick.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => toggle(option.value)}
              >
                <span className={styles.check} aria-hidden="true">
                  {selected ? '✓' : ''}
                </span>
                {option.isNew ? `Add “${option.value}”` : option.value}
              </li>
            );
          })}
        </ul>
      </div>
      <p id={hintId} className={styles.hint}>
        Pick from the list or type your own and press Enter.
      </p>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
