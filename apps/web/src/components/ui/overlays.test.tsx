import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { Dialog, DialogClose } from './Dialog';
import { Menu } from './Menu';
import { Select } from './Select';
import { Tabs } from './Tabs';

describe('Dialog', () => {
  it('keeps a hidden title as its name', async () => {
    render(<Dialog open title="Menu" titleHidden className="sheet" />);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(dialog.classList.contains('sheet')).toBe(true);
  });

  it('opens with its title and description, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(
      <Dialog
        title="Cancel this order?"
        description="The cards go back on sale."
        trigger={<Button>Cancel order</Button>}
        actions={
          <DialogClose>
            <Button>Keep it</Button>
          </DialogClose>
        }
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Cancel order' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The cards go back on sale.',
    );
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('with focusPanel opens on the panel, so no answer is chosen by a stray Enter', async () => {
    const user = userEvent.setup();
    const answers: string[] = [];
    render(
      <Dialog
        open
        focusPanel
        title="Reality check"
        actions={
          <>
            <Button onClick={() => answers.push('stop')}>Stop for today</Button>
            <Button onClick={() => answers.push('go')}>Keep going</Button>
          </>
        }
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    await user.keyboard('{Enter}');
    expect(answers).toEqual([]);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stop for today' }));
  });

  it('closes from an action when controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog
          title="Saved"
          open={open}
          onOpenChange={setOpen}
          actions={<Button onClick={() => setOpen(false)}>Done</Button>}
        />
      );
    }
    render(<Controlled />);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opened from a button of its page, closes by its named button and gives that focus back', async () => {
    const user = userEvent.setup();
    function Zoom() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Zoom in</Button>
          <Dialog
            title="Card, zoomed"
            titleHidden
            closeLabel="Close zoom"
            open={open}
            onOpenChange={setOpen}
          />
        </>
      );
    }
    render(<Zoom />);
    const opener = screen.getByRole('button', { name: 'Zoom in' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Card, zoomed' });
    await user.click(within(dialog).getByRole('button', { name: 'Close zoom' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});

describe('Tabs', () => {
  it('moves between tabs with the arrow keys and shows the chosen panel', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Account"
        tabs={[
          { value: 'profile', label: 'Profile', content: 'Your name' },
          { value: 'limits', label: 'Limits', content: 'Your limits' },
          { value: 'security', label: 'Security', content: 'Your password' },
        ]}
      />,
    );
    expect(screen.getByRole('tablist', { name: 'Account' })).toBeDefined();
    expect(screen.getByRole('tabpanel').textContent).toBe('Your name');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Profile' }));
    await user.keyboard('{ArrowRight}');
    const limits = screen.getByRole('tab', { name: 'Limits' });
    expect(document.activeElement).toBe(limits);
    expect(limits.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Your limits');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});

describe('Select', () => {
  // jsdom lays nothing out, so it lacks what Radix's list calls to keep the chosen option in view.
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('is named by its label, opens from the keyboard and picks with Enter', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(
      <Select
        label="Sort by"
        defaultValue="newest"
        onValueChange={(value) => picked.push(value)}
        options={[
          { value: 'newest', label: 'Newest' },
          { value: 'price', label: 'Price' },
          { value: 'grade', label: 'Grade' },
        ]}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Sort by' });
    expect(trigger.textContent).toContain('Newest');
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(picked).toEqual(['price']);
    expect(trigger.textContent).toContain('Price');
    expect(document.activeElement).toBe(trigger);
  });

  it('is marked invalid and described by its error', () => {
    render(
      <Select label="Grade" error="Choose a grade." options={[{ value: '10', label: '10' }]} />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Grade' });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(trigger.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose a grade.',
    );
  });
});

describe('Menu', () => {
  it('runs the chosen action from the keyboard and gives focus back', async () => {
    const user = userEvent.setup();
    const ran: string[] = [];
    render(
      <Menu
        trigger={<Button>Actions</Button>}
        items={[
          { label: 'Edit', onSelect: () => ran.push('edit') },
          { label: 'Delete', onSelect: () => ran.push('delete'), danger: true },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(ran).toEqual(['delete']);
    expect(document.activeElement).toBe(trigger);
  });

  it('can appear open, and Escape gives focus to its trigger', async () => {
    const user = userEvent.setup();
    render(
      <Menu
        defaultOpen
        trigger={<Button>My Account</Button>}
        items={[{ label: 'Logout', onSelect: () => undefined }]}
      />,
    );
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'My Account' }));
  });
});
