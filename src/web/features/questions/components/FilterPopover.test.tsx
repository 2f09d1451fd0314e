import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { FilterPopover } from './FilterPopover';

const tags = Array.from({ length: 12 }, (_, i) => `Tag ${String(i + 1).padStart(2, '0')}`);

function Harness({ initial }: { initial: string[] }) {
  const [selected, setSelected] = useState(initial);
  return (
    <FilterPopover tags={tags} selected={selected} onTagsChange={setSelected} sort="latest" onSortChange={() => {}} />
  );
}

describe('Filter Posts', () => {
  it('offers no more tags once ten are chosen, and again once one is unticked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={tags.slice(0, 9)} />);
    await user.click(screen.getByRole('button', { name: /Filter/ }));

    expect(screen.queryByText('At most 10 tags can be filtered at once.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Tag 10' }));

    expect(screen.getByRole('checkbox', { name: 'Tag 10' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tag 11' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Tag 12' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Tag 01' })).toBeEnabled();
    expect(screen.getByText('At most 10 tags can be filtered at once.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Tag 01' }));
    expect(screen.getByRole('checkbox', { name: 'Tag 11' })).toBeEnabled();
    expect(screen.queryByText('At most 10 tags can be filtered at once.')).not.toBeInTheDocument();
  });
});
